import { reportFamilies } from '../engine/duty-result';

/**
 * The columns of a bulk file. Inputs and results share one layout: a results file is the input
 * columns followed by the computed ones, so it can be uploaded again as it is (the computed columns
 * are ignored on the way in).
 */

export const bulkJobKinds = ['calculation', 'ieepa_refund'] as const;
export type BulkJobKind = (typeof bulkJobKinds)[number];
/** What the bulk file reader reads: a bulk job's lines, or a product catalogue (src/domain/products). */
export type BulkFileKind = BulkJobKind | 'product';

export const inputColumns = {
  calculation: ['reference', 'hts_code', 'country_code', 'value', 'entry_date', 'quantity', 'unit', 'claims', 'mode'],
  ieepa_refund: [
    'reference',
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
    'ieepa_paid',
  ],
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
} as const satisfies Record<BulkFileKind, readonly string[]>;

export type InputColumn = (typeof inputColumns)[BulkFileKind][number];

export const requiredColumns: Record<BulkFileKind, readonly InputColumn[]> = {
  calculation: ['hts_code', 'country_code', 'value'],
  ieepa_refund: ['entry_number', 'line_number', 'entry_date', 'hts_code', 'country_code', 'value'],
  product: ['sku', 'hts_code', 'country_of_origin'],
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
