/** The invoices capability's public surface: code outside src/domain/invoices imports it from here. */
export { minorUnits } from './invoice-money';
export { renderInvoicePdf } from './invoice-pdf';
export { InvoiceService } from './invoice.service';
export type { Invoice, InvoiceInput, InvoiceLine, InvoiceStatus } from './model';
export type { InvoiceStore, ShipmentOwnership } from './ports';
