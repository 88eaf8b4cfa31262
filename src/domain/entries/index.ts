/** The customs entries capability's public surface: code outside src/domain/entries imports it from here. */
export { EntryNotFoundError, EntryService } from './entry.service';
export { type Form7501, type Form7501Block, type Form7501Line, form7501Of } from './form-7501';
export { renderForm7501Pdf } from './form-7501-pdf';
export type {
  CustomsEntry,
  EntryClaim,
  EntryInput,
  EntryLine,
  EntryLineInput,
  EntryPricing,
  EntryQuantity,
  PricedEntry,
  PricedLine,
} from './model';
export type { EntryShipments, EntryStore } from './ports';
