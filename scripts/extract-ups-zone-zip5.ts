/**
 * `npx tsx scripts/extract-ups-zone-zip5.ts`: writes data/parcel/ups-zones/ups_zone_chart_zip5_alaska_hawaii.csv,
 * the Alaska and Hawaii ZIP5 zones that UPS's zone chart workbooks list in their footnotes ("the
 * following Postal Codes are Zone 44 for Ground, Zone 124 for Next Day Air and Zone 224 for 2nd Day
 * Air") and the per-origin JSON collapses into one zone per ZIP3. It reads every workbook under
 * data/parcel/ups-zones/raw-xls-*, checks that each one's ZIP3 rows equal the JSON chart of its
 * origin and that all of them list the same ZIP5s, and fails otherwise. Run it again when a workbook
 * is added; the importer reads the CSV, so an import never opens a workbook (seconds with exceljs).
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { readTarGz } from '../src/reference/parcel/tar-gz';

const dir = path.resolve(__dirname, '..', 'data/parcel/ups-zones');
const target = path.join(dir, 'ups_zone_chart_zip5_alaska_hawaii.csv');
const jsonKeys = ['ground', '3day', '2day', '2day_am', 'nda_saver', 'nda'];

type Chart = Record<string, Record<string, number | null>>;

async function readWorkbook(file: string): Promise<{ rows: Chart; zip5: Map<string, string> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: Chart = {};
  const zip5 = new Map<string, string>();
  let zones: string | null = null;
  workbook.worksheets[0].eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    const first = values[0];
    const footnote =
      typeof first === 'string'
        ? /Zone (\d+) for Ground, Zone (\d+) for Next Day Air and Zone (\d+) for 2nd Day Air/.exec(first)
        : null;
    if (footnote) zones = `${footnote[1]},${footnote[2]},${footnote[3]}`;
    else if (typeof first === 'string' && /^\d{3}$/.test(first) && values.length === 7)
      rows[first] = Object.fromEntries(
        jsonKeys.map((key, i) => [key, values[i + 1] === '-' ? null : Number(values[i + 1])]),
      );
    else if (typeof first === 'number' && zones !== null)
      for (const value of values) if (typeof value === 'number') zip5.set(String(value).padStart(5, '0'), zones);
  });
  return { rows, zip5 };
}

async function main(): Promise<void> {
  const archive = fs.readdirSync(dir).find((name) => name.endsWith('.tar.gz'));
  if (!archive) throw new Error(`no chart archive in ${dir}`);
  const json = readTarGz(path.join(dir, archive));
  const workbooks = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('raw-xls-'))
    .flatMap((sub) => fs.readdirSync(path.join(dir, sub)).map((name) => path.join(dir, sub, name)))
    .sort();
  let reference: { file: string; zip5: Map<string, string> } | null = null;
  for (const file of workbooks) {
    const origin = path.basename(file, '.xls');
    const { rows, zip5 } = await readWorkbook(file);
    const chart = JSON.parse(json.get(`zone-charts/${origin}.json`)?.toString('utf8') ?? 'null') as Chart | null;
    if (!chart) throw new Error(`${file}: no JSON chart for origin ${origin}`);
    const differing = Object.keys(rows).filter((dest) => JSON.stringify(rows[dest]) !== JSON.stringify(chart[dest]));
    if (differing.length > 0 || Object.keys(rows).length < 900)
      throw new Error(`${file}: ${differing.length} of ${Object.keys(rows).length} rows differ from ${origin}.json`);
    if (reference && JSON.stringify([...zip5]) !== JSON.stringify([...reference.zip5]))
      throw new Error(`${file}: its ZIP5 lists differ from ${reference.file}'s`);
    reference ??= { file, zip5 };
    console.log(
      `${path.relative(dir, file)}: ${Object.keys(rows).length} ZIP3 rows equal ${origin}.json, ${zip5.size} ZIP5s`,
    );
  }
  if (!reference) throw new Error(`no workbooks under ${dir}`);
  const lines = [...reference.zip5].sort(([a], [b]) => a.localeCompare(b)).map(([zip, zones]) => `${zip},${zones}`);
  fs.writeFileSync(target, ['dest_zip5,ground,next_day_air,2nd_day_air', ...lines, ''].join('\n'));
  console.log(`${path.relative(process.cwd(), target)}: ${lines.length} ZIP5s from ${workbooks.length} workbooks`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
