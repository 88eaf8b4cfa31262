/**
 * A customs entry as the account API keeps it. Times are epoch milliseconds; the entry and
 * importation dates are YYYY-MM-DD; money and quantities are decimal strings (USD).
 */
import type { Party, ShipmentMode } from '../shipments';
import type { EntryType, FeeLine } from '../tariff';

export interface EntryClaim {
  code: string;
  value?: string;
  text?: string;
  date?: string;
}

export interface EntryQuantity {
  value: string;
  unit: string;
}

export interface EntryLine {
  lineNumber: number;
  description: string | null;
  /** Dotted 4.2.4 form. */
  htsCode: string;
  countryOfOrigin: string;
  /** Entered value in USD. */
  value: string;
  quantities: EntryQuantity[];
  claims: EntryClaim[];
  manufacturerId: string | null;
}

export interface CustomsEntry {
  id: string;
  accountId: string;
  livemode: boolean;
  entryType: EntryType;
  portCode: string;
  entryDate: string;
  importationDate: string;
  mode: ShipmentMode;
  importer: Party | null;
  shipmentId: string | null;
  lines: EntryLine[];
  createdAt: number;
  updatedAt: number;
}

export interface PricedComponent {
  program: string;
  family: string;
  heading: string | null;
  rateText: string;
  status: 'applies' | 'unresolved' | 'prohibited';
  amount: string | null;
}

export interface PricedLine {
  lineNumber: number;
  status: 'priced' | 'unresolved';
  reason: string | null;
  duty: string | null;
  effectiveRatePercent: string | null;
  /** The line's shares of the entry's fees. */
  mpf: string | null;
  hmf: string | null;
  components: PricedComponent[];
}

/** One pricing of an entry: what the engine said on the day, kept as a version when the entry is priced again. */
export interface EntryPricing {
  version: number;
  pricedAt: number;
  status: 'priced' | 'unresolved';
  reasons: string[];
  htsReleases: string[];
  rulesVersion: string;
  enteredValue: string;
  lines: PricedLine[];
  fees: { mpf: FeeLine; hmf: FeeLine; total: string | null };
  totals: { duty: string | null; fees: string | null; total: string | null };
  programs: Array<{ family: string; amount: string | null }>;
  chapter99: Array<{ heading: string; family: string; amount: string | null; lineNumbers: number[] }>;
}

/** An entry with its pricings, oldest first (the last is the current one). */
export interface PricedEntry {
  entry: CustomsEntry;
  pricings: EntryPricing[];
}

export type EntryLineInput = Omit<EntryLine, 'lineNumber' | 'value'> & { value: { amount: string; currency: string } };

/** What a caller gives to create an entry; without lines, the shipment's cargo lines are taken. */
export interface EntryInput {
  entryType: EntryType;
  portCode: string;
  entryDate: string;
  importationDate?: string;
  mode?: ShipmentMode;
  importer?: Party;
  shipmentId?: string;
  lines?: EntryLineInput[];
}
