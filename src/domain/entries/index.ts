/** The customs entries capability's public surface: code outside src/domain/entries imports it from here. */
export { EntryService } from './entry.service';
export { type Form7501, form7501Of } from './form-7501';
export { renderForm7501Pdf } from './form-7501-pdf';
export type { CustomsEntry, EntryInput, EntryLine, EntryLineInput, EntryPricing, PricedEntry } from './model';
export type { EntryStore } from './ports';
export type { CorrectionDeadlines } from './correction-deadlines';
export {
  type DifferenceReason,
  maxReconciliationRows,
  type Reconciliation,
  reconcileEntrySummary,
  reconcileEntrySummaryRows,
} from './reconciliation';
