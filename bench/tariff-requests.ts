import path from 'node:path';
import type { DutyBody } from '../src/handlers/inputs/tariff.input';
import { linesFromUsitcCsv } from '../test/support/hts-csv-line-source';
import { mulberry32 } from './seeded-random';

const origins = [
  'CN',
  'VN',
  'MX',
  'CA',
  'DE',
  'JP',
  'IN',
  'KR',
  'TW',
  'TH',
  'BR',
  'GB',
  'IT',
  'FR',
  'ID',
  'MY',
  'CH',
  'AU',
  'TR',
  'BD',
];
/** Units the requests carry a quantity in, when the line is reported in them. */
const quantityUnits = new Set(['kg', 'No.', 'doz.', 'liters', 'm2', 'pcs']);

/**
 * `count` different calculation requests as clients send them: ten-digit lines of HTS 2026 Rev 4
 * (chapters 1–97) from every part of the schedule, twenty origins, entry dates from 2026-06-08 (the
 * first day of 2026 Revision 10, the newest release, which the HTTP bench imports) to 2026-11-20,
 * declared values from $50 to $250,000, and a quantity when the line is reported in a common unit.
 * No two are the same, so no cache of answers can help.
 */
export function calculationMix(dataDir: string, count = 1200): DutyBody[] {
  const lines = linesFromUsitcCsv(path.join(dataDir, 'hts', 'hts_2026_revision_4_csv.csv')).filter(
    (line) => line.code.length === 10 && Number(line.code.slice(0, 2)) < 98,
  );
  const next = mulberry32(21);
  const first = Date.UTC(2026, 5, 8);
  const days = (Date.UTC(2026, 10, 20) - first) / 86_400_000;
  const seen = new Set<string>();
  const mix: DutyBody[] = [];
  while (mix.length < count) {
    const line = lines[Math.floor(next() * lines.length)];
    const unit = line.units.find((u) => quantityUnits.has(u));
    const body: DutyBody = {
      hts_code: `${line.code.slice(0, 4)}.${line.code.slice(4, 6)}.${line.code.slice(6)}`,
      country_code: origins[Math.floor(next() * origins.length)],
      entry_date: new Date(first + Math.floor(next() * days) * 86_400_000).toISOString().slice(0, 10),
      declared_value: Math.round(50 + next() * 250_000),
      ...(unit ? { quantity: { value: Math.round(1 + next() * 5000), unit } } : {}),
      ...(next() < 0.5 ? { mode: 'ocean' as const } : {}),
    };
    const key = JSON.stringify(body);
    if (seen.has(key)) continue;
    seen.add(key);
    mix.push(body);
  }
  return mix;
}
