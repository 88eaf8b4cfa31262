import ExcelJS from 'exceljs';
import { DomainError, writeTable } from '../../../../../src/domain/shared';
import { readBulkLines } from '../../../../../src/domain/tariff/bulk/bulk-lines';
import { readCsv, readXlsx, resultsTable } from '../../../../../src/domain/tariff/bulk/bulk-sheets';
import type { BulkJob, BulkJobLine } from '../../../../../src/domain/tariff/bulk/bulk-job.service';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('mine');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('bulk files', () => {
  it('reads a workbook as a user makes it: date cells, numbers, rich text, formulas, blank rows, header case', async () => {
    const data = await workbook([
      ['HTS Code', 'Country Code', 'Value', 'Entry Date', 'Reference'],
      ['6109.10.0012', 'cn', 10000, new Date(Date.UTC(2025, 10, 10)), { richText: [{ text: 'PO-' }, { text: '7' }] }],
      [],
      [7208101500, 'KR', { formula: '2*1250', result: 2500 }, '2025-11-10', null],
    ]);
    const rows = await readXlsx(data, 'calculation');
    expect(rows.map((r) => r.at)).toEqual(['file/2', 'file/4']);
    expect(await readBulkLines(rows, 'calculation', '2026-01-01')).toEqual([
      {
        reference: 'PO-7',
        hts_code: '6109.10.0012',
        country_code: 'cn',
        value: '10000',
        entry_date: '2025-11-10',
        quantity: null,
        unit: null,
        claims: null,
        mode: null,
      },
      {
        reference: null,
        hts_code: '7208101500',
        country_code: 'KR',
        value: '2500',
        entry_date: '2025-11-10',
        quantity: null,
        unit: null,
        claims: null,
        mode: null,
      },
    ]);
  });

  it('reads quoted CSV cells holding commas and line breaks, naming each row as a spreadsheet shows it', async () => {
    const rows = readCsv(
      Buffer.from(
        '\ufeffhts_code,country_code,value,reference\n6109.10.0012,CN,1,"PO 1, line 2"\n6109.10.0012,VN,2,"two\nlines"\n\n6109.10.0012,MX,x,\n',
      ),
      'calculation',
    );
    expect(rows.map((r) => [r.at, r.cells.reference])).toEqual([
      ['file/2', 'PO 1, line 2'],
      ['file/3', 'two\nlines'],
      ['file/5', ''],
    ]);
    const refused = await readBulkLines(rows, 'calculation', '2026-01-01').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).issues).toEqual([{ field: 'file/5/value', message: 'value must be a number' }]);
  });

  it("writes results with the exports' writer (formula guard, numbers in the workbook) and reads them back as they were", async () => {
    const job = { kind: 'ieepa_refund' } as BulkJob;
    const line: BulkJobLine = {
      line: 1,
      input: {
        reference: '=HYPERLINK("http://x")',
        entry_number: 'AAA-0000001-1',
        line_number: '1',
        entry_date: '2025-11-10',
        hts_code: '6109.10.0012',
        country_code: 'CN',
        value: '25000.50',
        ieepa_paid: '2500',
      },
      output: {
        status: 'resolved',
        owed_total: '2000.00',
        difference: '-500.00',
        refund_estimate: '2500.00',
        headings: '9903.01.24',
      },
    };
    const lines = async function* () {
      yield line;
    };
    const csv = await writeTable(resultsTable(job, lines()), 'csv');
    const text = csv.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",AAA-0000001-1,1,2025-11-10,6109.10.0012,CN,25000.50,`);
    expect(text).toContain(',-500.00,');
    const xlsx = await writeTable(resultsTable(job, lines()), 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx as unknown as ArrayBuffer);
    const row = book.worksheets[0].getRow(2);
    expect(row.getCell(1).value).toBe('\'=HYPERLINK("http://x")');
    expect(row.getCell(5).value).toBe('6109.10.0012');
    expect(row.getCell(7).value).toBe(25000.5);
    for (const rows of [readCsv(csv, 'ieepa_refund'), await readXlsx(xlsx, 'ieepa_refund')]) {
      const [read] = await readBulkLines(rows, 'ieepa_refund', '2026-01-01');
      expect(read).toMatchObject({
        reference: '=HYPERLINK("http://x")',
        hts_code: '6109.10.0012',
        country_code: 'CN',
        ieepa_paid: '2500',
      });
    }
  });

  it('refuses a file that is not a workbook as a 400 naming the file', async () => {
    await expect(readXlsx(Buffer.from('PK\u0003\u0004 not really a zip'), 'calculation')).rejects.toMatchObject({
      kind: 'invalid_input',
      issues: [{ field: 'file', message: 'not readable as XLSX' }],
    });
  });
});
