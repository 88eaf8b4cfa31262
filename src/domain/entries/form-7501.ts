import Decimal from 'decimal.js';
import type { EntryPricing, PricedEntry } from './model';
import type { Party, ShipmentMode } from '../shipments';

/** One block of CBP Form 7501: its number, its name on the form, and what we write in it (null: not held). */
export interface Form7501Block {
  block: string;
  name: string;
  value: string | null;
}

export interface Form7501Line {
  blocks: Form7501Block[];
  /** Blocks 29A, 33A and 34: the Chapter 99 numbers first, then the line's own number. */
  tariffNumbers: Array<{ htsNumber: string; rate: string; duty: string | null }>;
}

export interface Form7501 {
  entryId: string;
  pricingVersion: number;
  header: Form7501Block[];
  lines: Form7501Line[];
  totals: Form7501Block[];
  otherFees: Array<{ classCode: string; name: string; amount: string | null }>;
}

/** ACE mode of transportation codes (block 9): vessel containerized, air, truck. */
const transportCodes: Record<ShipmentMode, string> = { ocean_fcl: '11', ocean_lcl: '11', air: '40', truck: '30' };

const block = (number: string, name: string, value: string | null = null): Form7501Block => ({
  block: number,
  name,
  value,
});

/** Entered values are written in whole dollars on the form. */
const wholeDollars = (amount: string) => new Decimal(amount).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);

/** The one value every line shares, else the form's MULTI (country of origin) or null (left to the lines). */
function shared(values: ReadonlyArray<string | null>, several: string | null): string | null {
  const distinct = new Set(values);
  return distinct.size === 1 ? values[0] : several;
}

function addressOf(party: Party | null): string | null {
  if (party === null) return null;
  const place = [party.city, party.region, party.postal_code].filter(Boolean).join(' ');
  return [party.name, ...(party.address_lines ?? []), place, party.country ?? ''].filter((l) => l !== '').join(', ');
}

function lineOf(entry: PricedEntry['entry'], pricing: EntryPricing, index: number): Form7501Line {
  const line = entry.lines[index];
  const priced = pricing.lines[index];
  const chapter99 = priced.components.filter((c) => c.heading !== null && c.family !== 'base');
  const base = priced.components.find((c) => c.family === 'base');
  return {
    blocks: [
      block('27', 'Line No.', String(line.lineNumber).padStart(3, '0')),
      block('28', 'Description of Merchandise', line.description),
      block('13', 'Manufacturer ID', line.manufacturerId),
      block('29B', 'ADA/CVD No.'),
      block('30A', 'Gross Weight'),
      block('31', 'Net Quantity in HTSUS Units', line.quantities.map((q) => `${q.value} ${q.unit}`).join('; ') || null),
      block('32A', 'Entered Value', wholeDollars(line.value)),
      block('32C', 'Relationship'),
    ],
    tariffNumbers: [
      ...chapter99.map((c) => ({ htsNumber: c.heading as string, rate: c.rateText, duty: c.amount })),
      { htsNumber: line.htsCode, rate: base?.rateText ?? 'unresolved', duty: base?.amount ?? null },
    ],
  };
}

/**
 * The entry's CBP Form 7501 (Entry Summary) fields from its current pricing, block by block. Blocks
 * we do not hold (filer code, surety, bond, carrier, the internal revenue tax) are null, not guessed.
 */
export function form7501Of({ entry, pricings }: PricedEntry): Form7501 {
  const pricing = pricings[pricings.length - 1];
  const { mpf, hmf } = pricing.fees;
  const otherFees = [{ classCode: '499', name: 'Merchandise Processing Fee', amount: mpf.amount }];
  if (hmf.status !== 'not_applicable')
    otherFees.push({ classCode: '501', name: 'Harbor Maintenance Fee', amount: hmf.amount });
  return {
    entryId: entry.id,
    pricingVersion: pricing.version,
    header: [
      block('1', 'Filer Code/Entry No.'),
      block('2', 'Entry Type', entry.entryType),
      block('3', 'Summary Date'),
      block('4', 'Surety No.'),
      block('5', 'Bond Type'),
      block('6', 'Port Code', entry.portCode),
      block('7', 'Entry Date', entry.entryDate),
      block('8', 'Importing Carrier'),
      block('9', 'Mode of Transport', transportCodes[entry.mode]),
      block(
        '10',
        'Country of Origin',
        shared(
          entry.lines.map((l) => l.countryOfOrigin),
          'MULTI',
        ),
      ),
      block('11', 'Import Date', entry.importationDate),
      block('12', 'B/L or AWB No.'),
      block(
        '13',
        'Manufacturer ID',
        shared(
          entry.lines.map((l) => l.manufacturerId),
          null,
        ),
      ),
      block('14', 'Exporting Country'),
      block('15', 'Export Date'),
      block('16', 'I.T. No.'),
      block('17', 'I.T. Date'),
      block('18', 'Missing Docs'),
      block('19', 'Foreign Port of Lading'),
      block('20', 'U.S. Port of Unlading'),
      block('21', 'Location of Goods/G.O. No.'),
      block('22', 'Consignee No.'),
      block('23', 'Importer No.', entry.importer?.tax_id ?? null),
      block('24', 'Reference No.', entry.id),
      block('25', 'Ultimate Consignee Name and Address'),
      block('26', 'Importer of Record Name and Address', addressOf(entry.importer)),
    ],
    lines: entry.lines.map((_, index) => lineOf(entry, pricing, index)),
    totals: [
      block('35', 'Total Entered Value', wholeDollars(pricing.enteredValue)),
      block('37', 'Duty', pricing.totals.duty),
      block('38', 'Tax'),
      block('39', 'Other', pricing.fees.total),
      block('40', 'Total', pricing.totals.total),
    ],
    otherFees,
  };
}
