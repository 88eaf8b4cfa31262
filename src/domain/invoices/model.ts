import type { Party } from '../shipments';

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';

export type ChargeCode =
  | 'ocean_freight'
  | 'air_freight'
  | 'trucking'
  | 'thc'
  | 'documentation'
  | 'customs_clearance'
  | 'customs_duty'
  | 'insurance'
  | 'storage'
  | 'demurrage'
  | 'detention'
  | 'other';

export interface InvoiceLineInput {
  description: string;
  chargeCode: ChargeCode;
  /** Decimal strings; the unit amount in the invoice's currency, the tax rate in percent. */
  quantity: string;
  unitAmount: string;
  taxRate: string;
}

/** A line as written: the unit amount may name its currency, which must be the invoice's. */
export interface InvoiceLineWritten extends InvoiceLineInput {
  unitAmountCurrency?: string;
}

/** A line with what the service computed: amount and tax at the currency's minor unit. */
export interface InvoiceLine extends InvoiceLineInput {
  amount: string;
  tax: string;
}

export interface Invoice {
  id: string;
  accountId: string;
  livemode: boolean;
  number: string | null;
  status: InvoiceStatus;
  shipmentId: string | null;
  currency: string;
  billTo: Party | null;
  dueDate: string | null;
  memo: string | null;
  lines: InvoiceLine[];
  subtotal: string;
  tax: string;
  total: string;
  paymentReference: string | null;
  metadata: Record<string, string>;
  finalizedAt: number | null;
  paidAt: number | null;
  voidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface InvoiceInput {
  shipmentId?: string | null;
  currency?: string;
  billTo?: Party | null;
  dueDate?: string | null;
  memo?: string | null;
  lines?: InvoiceLineWritten[];
  metadata?: Record<string, string>;
}
