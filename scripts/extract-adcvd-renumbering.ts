/**
 * `npx tsx scripts/extract-adcvd-renumbering.ts`: writes data/tariff/adcvd/scope_renumbering.csv,
 * where each HTS number an AD/CVD scope lists (data/tariff/adcvd/adcvd_orders.json) but the newest
 * HTS release in data/hts no longer has now stands in the schedule. Run it again after adding a release.
 *
 * - `renumbered`: the number is in a release we hold and a later one dropped it; it is followed to
 *   the lines that release added under the same subheading (8 digits, else 6) that are still in the
 *   newest release: the release's own change is the concordance.
 * - `subheading`: a statistical number (10 digits) dropped before the oldest release we hold whose
 *   8-digit subheading is still in the schedule: a statistical line is a subdivision of its
 *   subheading, so the goods it named are under that subheading still; it is followed to it.
 * - `not_followed`: a subheading or heading the schedule no longer has (a Harmonized System
 *   change), dropped before the oldest release we hold: no data of ours says where its goods went.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(__dirname, '..');
const htsDir = path.join(root, 'data/hts');
const target = path.join(root, 'data/tariff/adcvd/scope_renumbering.csv');

interface Release {
  name: string;
  order: number;
  codes: Set<string>;
}

function readRelease(file: string): Release | null {
  const match = /^hts_(\d{4})_(?:basic_edition|revision_(\d+))_json\.json\.gz$/.exec(file);
  if (!match) return null;
  const rows = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(htsDir, file))).toString('utf8')) as Array<{
    htsno: string | null;
  }>;
  const codes = new Set(rows.map((row) => (row.htsno ?? '').replace(/\D/g, '')).filter(Boolean));
  const revision = match[2] === undefined ? 0 : Number(match[2]);
  return {
    name: `${match[1]} ${revision === 0 ? 'Basic Edition' : `Rev ${revision}`}`,
    order: Number(match[1]) * 1000 + revision,
    codes,
  };
}

const releases = fs
  .readdirSync(htsDir)
  .map(readRelease)
  .filter((release): release is Release => release !== null)
  .sort((a, b) => a.order - b.order);
const newest = releases[releases.length - 1];
const inNewest = (code: string) => {
  for (const line of newest.codes) if (line.startsWith(code)) return true;
  return false;
};

const orders = (
  JSON.parse(fs.readFileSync(path.join(root, 'data/tariff/adcvd/adcvd_orders.json'), 'utf8')) as {
    orders: Array<{ hts: string[] }>;
  }
).orders;
// The same rule the orders list is read with: 9- and 12-digit numbers are extraction artefacts.
const listed = [...new Set(orders.flatMap((order) => order.hts))]
  .filter((code) => /^\d{4}(\d{2}){0,3}$/.test(code))
  .sort();

const rows: string[][] = [];
for (const code of listed.filter((number) => !inNewest(number))) {
  const dropped = releases.findIndex(
    (release, index) => index > 0 && releases[index - 1].codes.has(code) && !release.codes.has(code),
  );
  if (dropped > 0) {
    const release = releases[dropped];
    const added = [...release.codes].filter((line) => !releases[dropped - 1].codes.has(line));
    const under = [8, 6]
      .filter((length) => length < code.length)
      .map((length) => added.filter((line) => line.startsWith(code.slice(0, length)) && newest.codes.has(line)))
      .find((lines) => lines.length > 0);
    if (under) {
      // A line added with its statistical breakouts is followed by the breakouts' common subheading.
      const followTo = under.filter((line) => !under.some((other) => other !== line && line.startsWith(other)));
      rows.push([code, followTo.sort().join(';'), 'renumbered', release.name]);
      continue;
    }
  }
  if (code.length === 10 && inNewest(code.slice(0, 8))) rows.push([code, code.slice(0, 8), 'subheading', '']);
  else rows.push([code, '', 'not_followed', '']);
}

const header = [
  `# Written by scripts/extract-adcvd-renumbering.ts from data/hts (${releases[0].name} to ${newest.name}) and adcvd_orders.json.`,
  '# listed: a number a scope lists that the newest release lacks; follow_to: what it is matched as now (";"-separated).',
  'listed,follow_to,basis,release',
];
fs.writeFileSync(target, [...header, ...rows.map((row) => row.join(','))].join('\n') + '\n');
const count = (basis: string) => rows.filter((row) => row[2] === basis).length;
console.log(
  `${listed.length} numbers listed, ${rows.length} not in ${newest.name}: ${count('renumbered')} renumbered in releases held, ${count('subheading')} followed to their subheading, ${count('not_followed')} not followed`,
);
