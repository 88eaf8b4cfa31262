import ExcelJS from 'exceljs';
import { writeTable, type Table } from '../../../../src/domain/shared/table-file';

const table: Table = {
  name: 'Sheet',
  columns: ['text', 'amount', 'empty'],
  rows: [
    ['Cotton, knitted "tee"', 1234.5, null],
    ['=HYPERLINK("http://x")', -12.25, 0],
    ['-Other', 0, ''],
    ['-12.50', null, '+1'],
  ],
};

describe('writeTable', () => {
  it('writes RFC 4180 CSV: quoted where needed, null as an empty cell, formulas kept as text', async () => {
    const csv = (await writeTable(table, 'csv')).toString('utf8');
    expect(csv).toBe(
      '\uFEFF' +
        [
          'text,amount,empty',
          '"Cotton, knitted ""tee""",1234.5,',
          `"'=HYPERLINK(""http://x"")",-12.25,0`,
          "'-Other,0,",
          "-12.50,,'+1",
          '',
        ].join('\r\n'),
    );
  });

  it('writes XLSX with numbers as numbers, an empty cell for null, the header frozen', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeTable(table, 'xlsx')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'text', 'amount', 'empty']);
    expect(sheet?.getRow(2).getCell(2).value).toBe(1234.5);
    expect(sheet?.getRow(2).getCell(3).value).toBeNull();
    expect(sheet?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("http://x")');
    expect(sheet?.getRow(3).getCell(3).value).toBe(0);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});

describe('writeTable on a large table', () => {
  // Rows already in memory: without giving way, writing them all is one unbroken stretch of the loop.
  const large: Table = {
    name: 'Large',
    columns: ['code', 'description', 'rate'],
    rows: Array.from({ length: 40_000 }, (_, i) => [`6109.10.${String(i).padStart(4, '0')}`, `Line ${i}`, i / 100]),
  };

  it.each(['csv', 'xlsx'] as const)('lets the event loop run other work while it writes %s', async (format) => {
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    await writeTable(large, format);
    counting = false;
    // Every 10 ms of writing gives the loop a turn: a file that takes a second gets dozens.
    expect(turns).toBeGreaterThan(3);
  });
});
