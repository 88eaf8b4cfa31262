import { reportFamilies } from '../engine/duty-result';

/**
 * The columns of a bulk file. Inputs and results share one layout: a results file is the input
 * columns followed by the computed ones, so it can be uploaded again as it is (the computed columns
 * are ignored on the way in).
 */

export const bulkJobKinds = ['calculation', 'ieepa_refund'] as const;
export type BulkJobKind = (typeof bulkJobKinds)[number];
/**
 * What a file the bulk file reader reads holds: a bulk job's lines, a product catalogue
 * (src/domain/products), or an entry summary's lines (reconciliation).
 */
export type BulkFileLayout = BulkJobKind | 'product' | 'entry_summary';

/** A filed entry line's columns: which entry and line, and the facts the calculator reads. */
const enteredLineColumns = [
  'entry_number',
  'line_number',
  'entry_date',
  'hts_code',
  'country_code',
  'value',
  'quantity',
  'unit',
  'claims',
  'mode',
] as const;

export const inputColumns = {
  calculation: ['reference', 'hts_code', 'country_code', 'value', 'entry_date', 'quantity', 'unit', 'claims', 'mode'],
  ieepa_refund: ['reference', ...enteredLineColumns, 'ieepa_paid'],
  product: [
    'sku',
    'description',
    'hts_code',
    'country_of_origin',
    'annual_value',
    'entry_value',
    'expected_entries',
    'currency',
    'claims',
  ],
  // One row per tariff number of a 7501 line, as ACE's entry summary line report lists them: the
  // line's own HTS number with its value and base duty, then each Chapter 99 number with its duty.
  entry_summary: [...enteredLineColumns, 'duty', 'mpf', 'hmf', 'liquidation_date'],
} as const satisfies Record<BulkFileLayout, readonly string[]>;

export type InputColumn = (typeof inputColumns)[BulkFileLayout][number];

export const requiredColumns: Record<BulkFileLayout, readonly InputColumn[]> = {
  calculation: ['hts_code', 'country_code', 'value'],
  ieepa_refund: ['entry_number', 'line_number', 'entry_date', 'hts_code', 'country_code', 'value'],
  product: ['sku', 'hts_code', 'country_of_origin'],
  entry_summary: ['entry_number', 'line_number', 'entry_date', 'hts_code', 'duty'],
};

/** ACE entry summary line report headers (as read: lower case, spaces as underscores) for our columns. */
export const columnAliases: Readonly<Record<string, InputColumn>> = {
  entry_summary_number: 'entry_number',
  entry_summary_line_number: 'line_number',
  hts_number: 'hts_code',
  country_of_origin_code: 'country_code',
  line_tariff_goods_value_amount: 'value',
  line_tariff_quantity: 'quantity',
  line_tariff_unit_of_measure_code: 'unit',
  line_tariff_duty_amount: 'duty',
  line_mpf_amount: 'mpf',
  line_hmf_amount: 'hmf',
};

export const outputColumns = {
  calculation: [
    'status',
    // Each duty program per line as `<family>_rate` (percent) and `<family>_amount` (USD).
    ...reportFamilies.flatMap((family) => [`${family}_rate`, `${family}_amount`]),
    'mpf_amount',
    'hmf_amount',
    'duty_total',
    'duty_rate',
    'fees_total',
    'total',
    'headings',
    'unresolved',
    'warnings',
    'hts_release',
    'rules_version',
  ],
  ieepa_refund: [
    'status',
    'owed_fentanyl',
    'owed_reciprocal',
    'owed_country_orders',
    'owed_total',
    'paid',
    'difference',
    'refundable',
    'refund_estimate',
    'headings',
    'unresolved',
    'warnings',
    'hts_release',
    'rules_version',
  ],
} as const satisfies Record<BulkJobKind, readonly string[]>;

/** One line as given: each input column's text, null when empty. */
export type BulkLine = Partial<Record<InputColumn, string | null>>;

/** One computed line: each output column's text (exact decimals), null when unknown. */
export type BulkLineOutput = Record<string, string | null>;

/** Every column a bulk file may carry, for any kind (a results file of one kind read as the other is still known). */
export const knownColumns: ReadonlySet<string> = new Set([
  ...Object.values(inputColumns).flat(),
  ...Object.values(outputColumns).flat(),
]);
