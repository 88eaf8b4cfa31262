import fs from 'node:fs';
import path from 'node:path';
import { readHtsFile, sniffHtsFormat } from '../../../src/reference/hts/hts-file';
import { htsFileName, parseHtsFileName, parseUsitcReleaseName } from '../../../src/reference/hts/hts-revision';
import { dottedHtsCode, htsDigits, type HtsFileContents, type HtsLine } from '../../../src/domain/hts/model';

const fixtures = path.join(__dirname, '..', '..', 'fixtures', 'hts');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));
const byCode = (lines: HtsLine[], code: string) => lines.find((line) => line.code === code) as HtsLine;
const rejection = (bytes: Buffer | string, format?: 'csv' | 'json'): Promise<string> =>
  readHtsFile(Buffer.from(bytes), format).then(
    () => {
      throw new Error('the file was accepted');
    },
    (error: Error) => error.message,
  );

describe('HTS numbers', () => {
  it('accepts plain digits, the CSV dotted form and the 4.2.4 form', () => {
    expect(htsDigits('6109100012')).toBe('6109100012');
    expect(htsDigits('6109.10.00.12')).toBe('6109100012');
    expect(htsDigits('6109.10.0012')).toBe('6109100012');
    expect(htsDigits('6109.10')).toBe('610910');
    expect(htsDigits('6109')).toBe('6109');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '610',
      '61091',
      '6109.10.001',
      '6109..10',
      'abcd',
      '6109-10',
      '61091000123',
      '.6109',
      ' 6109.10.0012',
      '6109.',
    ]) {
      expect(htsDigits(bad)).toBeNull();
    }
  });

  it('answers in the dotted 4.2.4 form', () => {
    expect(dottedHtsCode('6109100012')).toBe('6109.10.0012');
    expect(dottedHtsCode('61091000')).toBe('6109.10.00');
    expect(dottedHtsCode('610910')).toBe('6109.10');
    expect(dottedHtsCode('6109')).toBe('6109');
  });
});

describe('USITC file and release names', () => {
  it('reads revision and format from file names', () => {
    expect(parseHtsFileName('hts_2026_revision_4_csv.csv')).toEqual({ year: 2026, revision: 4, format: 'csv' });
    expect(parseHtsFileName('hts_2026_basic_edition_json.json')).toEqual({ year: 2026, revision: 0, format: 'json' });
    expect(parseHtsFileName('hts_2026_revision_4_csv.json')).toBeNull();
    expect(parseHtsFileName('README.md')).toBeNull();
    expect(htsFileName({ year: 2026, revision: 21 }, 'json')).toBe('hts_2026_revision_21_json.json');
    expect(htsFileName({ year: 2027, revision: 0 }, 'csv')).toBe('hts_2027_basic_edition_csv.csv');
  });

  it('reads releaseList names', () => {
    expect(parseUsitcReleaseName('2026HTSRev4')).toEqual({ year: 2026, revision: 4 });
    expect(parseUsitcReleaseName('2026HTSBasic')).toEqual({ year: 2026, revision: 0 });
    expect(parseUsitcReleaseName('2026 draft')).toBeNull();
  });
});

describe('CSV export', () => {
  let format: HtsFileContents['format'];
  let rowCount: number;
  let lines: HtsLine[];
  let sha256: string;
  beforeAll(async () => {
    ({ format, rowCount, lines, sha256 } = await readHtsFile(fixture('schedule-v1.csv')));
  });

  it('reads every row, numbered or not, in order', () => {
    expect(format).toBe('csv');
    expect(rowCount).toBe(19);
    expect(lines.map((line) => line.position)).toEqual([...Array(19).keys()]);
    expect(lines.filter((line) => line.code === null).map((line) => line.description)).toEqual([
      'Horses:',
      'Other T-shirts:',
      "Men's or boys':",
    ]);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('normalises codes, suffixes, indents, units and texts', () => {
    expect(byCode(lines, '0101210010')).toMatchObject({
      statisticalSuffix: '10',
      indent: 3,
      units: ['No.'],
      general: null,
    });
    expect(byCode(lines, '01012100')).toMatchObject({
      statisticalSuffix: null,
      general: 'Free',
      special: null,
      other: 'Free',
    });
    // A leading-zero indent ("03"), and a units cell holding only an empty string.
    expect(byCode(lines, '98230102').indent).toBe(3);
    expect(byCode(lines, '6109100027').units).toEqual([]);
    // A quoted cell with a line break and a double space inside the description.
    const dibromide = byCode(lines, '2903621000');
    expect(dibromide.special).toBe('Free (A+, AU, BH,CL, CO, D, E, IL,JO, KR, MA, OM,P, PA, PE, S, SG)');
    expect(dibromide.description).toBe('Ethylene dibromide (ISO) (1,2-dibromoethane)');
    expect(byCode(lines, '99040201').additionalDuties).toBe('66.6¢/kg');
    expect(byCode(lines, '6109100012').footnotes).toEqual([]);
  });

  it('joins the descriptions of the ancestors into the path', () => {
    expect(byCode(lines, '6109100012').descriptionPath).toBe(
      "T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton > Other T-shirts > Men's or boys' > Men's (338)",
    );
    expect(byCode(lines, '0101210010').descriptionPath).toBe(
      'Live horses, asses, mules and hinnies > Horses > Purebred breeding animals > Males',
    );
  });

  it('points lines without a general rate at the ancestor that has one', () => {
    expect(byCode(lines, '6109100012').rateLineCode).toBe('61091000');
    expect(byCode(lines, '6109100027').rateLineCode).toBe('61091000');
    expect(byCode(lines, '0101210020').rateLineCode).toBe('01012100');
    expect(byCode(lines, '0101300000').rateLineCode).toBeNull(); // carries its own rate
    expect(byCode(lines, '98230102').rateLineCode).toBeNull(); // no ancestor has a general rate
  });
});

describe('JSON export', () => {
  it('produces the same lines as the CSV of the same release, plus footnotes', async () => {
    const json = await readHtsFile(fixture('schedule-v1.json'));
    const csv = await readHtsFile(fixture('schedule-v1.csv'));
    expect(json.format).toBe('json');
    expect(json.rowCount).toBe(csv.rowCount);
    expect(json.lines.map(({ footnotes: _f, ...line }) => line)).toEqual(
      csv.lines.map(({ footnotes: _f, ...line }) => line),
    );
    expect(byCode(json.lines, '61091000').footnotes).toEqual([
      { columns: ['general'], marker: '1', value: 'See 9903.88.15.', type: 'endnote' },
    ]);
  });

  it('accepts an 8-digit htsno with the suffix given separately, and numeric indents', async () => {
    const rows = [
      {
        htsno: '0101',
        indent: 0,
        description: 'Live horses:',
        superior: null,
        units: null,
        general: '',
        special: '',
        other: '',
        footnotes: null,
      },
      {
        htsno: '0101.21.00',
        statisticalSuffix: '10',
        indent: '1',
        description: 'Males',
        units: ['No.'],
        general: 'Free',
      },
      { htsno: '9903.03.01', indent: '0', description: 'Section 122', general: '+10%', quotaQuantity: 5 },
    ];
    const { lines } = await readHtsFile(Buffer.from(JSON.stringify(rows)));
    expect(lines.map((line) => [line.code, line.statisticalSuffix, line.indent])).toEqual([
      ['0101', null, 0],
      ['0101210010', '10', 1],
      ['99030301', null, 0],
    ]);
    expect(lines[2].quotaQuantity).toBe('5');
  });
});

describe('format detection', () => {
  it('tells JSON from CSV by content', () => {
    expect(sniffHtsFormat(fixture('schedule-v1.json'))).toBe('json');
    expect(sniffHtsFormat(Buffer.from('\uFEFF  [ ]'))).toBe('json');
    expect(sniffHtsFormat(fixture('schedule-v1.csv'))).toBe('csv');
  });
});

describe('corrupt and partial files are rejected with a reason', () => {
  const csv = fixture('schedule-v1.csv').toString('utf8');
  const json = fixture('schedule-v1.json').toString('utf8');

  it('a CSV cut inside a quoted cell', async () => {
    expect(await rejection(csv.slice(0, csv.indexOf('Of cotton') + 4))).toMatch(
      /ends inside a quoted cell .*truncated/,
    );
  });

  it('a CSV cut at a row boundary', async () => {
    const cut = csv.slice(0, csv.indexOf('"9823.01"'));
    expect(await rejection(cut)).toBe(
      'the last line is 6109.10.0027 (chapter 61); a complete schedule ends in chapter 99, so the file is truncated',
    );
  });

  it('a CSV with other columns', async () => {
    expect(await rejection(csv.replace('Column 2 Rate of Duty', 'Rate 2'))).toMatch(/^unexpected CSV columns/);
  });

  it('a CSV row with a missing cell', async () => {
    expect(
      await rejection(
        csv.replace(
          '"0101.21.00","2","Purebred breeding animals","",',
          '"0101.21.00","2","Purebred breeding animals",',
        ),
      ),
    ).toMatch(/^the CSV is malformed: Invalid Record Length/);
  });

  it('bad cells', async () => {
    expect(await rejection(csv.replace('"0101.21.00","2"', '"0101.21.00","two"'))).toBe(
      'row 3 (0101.21.00): indent "two" is not a number',
    );
    expect(await rejection(csv.replace('"0101.21.00","2"', '"0101.2X.00","2"'))).toBe(
      'row 3 (0101.2X.00): "0101.2X.00" is not an HTS number',
    );
    expect(await rejection(csv.replace('"[""No.""]"', '"No."'))).toBe(
      'row 4 (0101.21.00.10): unit of quantity "No." is not a list',
    );
    expect(await rejection(csv.replace('"0101.21.00.20"', '"0101.21.00.10"'))).toBe('0101.21.0010 appears twice');
  });

  it('blank lines are not rows', async () => {
    expect((await readHtsFile(Buffer.from(`${csv}\r\n\r\n`))).rowCount).toBe(19);
  });

  it('empty files and files without chapter 01', async () => {
    expect(await rejection('')).toBe('the file is empty');
    expect(await rejection('[]', 'json')).toBe('the file has no HTS lines');
    const withoutChapter1 = csv
      .split('\r\n')
      .filter((line) => !line.startsWith('"0101') && !line.startsWith('"","1","Horses'))
      .join('\r\n');
    expect(await rejection(withoutChapter1)).toBe(
      'the first line is 2903 (chapter 29); a complete schedule starts in chapter 01',
    );
  });

  it('truncated or malformed JSON', async () => {
    expect(await rejection(json.slice(0, json.length / 2), 'json')).toMatch(
      /^not valid JSON \(.*\): the file is truncated or corrupt$/,
    );
    expect(await rejection('{"htsno":"0101"}', 'json')).toBe('the JSON export must be an array of rows');
    expect(await rejection('[{"htsno":"0101","description":"x"}]', 'json')).toBe('row 1 (0101): indent is missing');
    expect(await rejection('[{"htsno":"0101","indent":"0","description":"x","statisticalSuffix":"1"}]', 'json')).toBe(
      'row 1 (0101): statistical suffix "1" is not two digits',
    );
    expect(
      await rejection('[{"htsno":"0101.21.00.10","statisticalSuffix":"20","indent":"0","description":"x"}]', 'json'),
    ).toBe('row 1 (0101.21.00.10): statistical suffix "20" does not belong to "0101.21.00.10"');
  });
});
