import type { components, operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { toApiInvoice } from './outputs/invoice.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';
import type { InvoiceInput, InvoiceService } from '../domain/invoices';
import type { PdfRenderer } from '../domain/pdfs';

type InvoiceOperation =
  | 'listInvoices'
  | 'createInvoice'
  | 'getInvoice'
  | 'updateInvoice'
  | 'finalizeInvoice'
  | 'payInvoice'
  | 'voidInvoice'
  | 'getInvoicePdf';

const invoicesPath = '/api/invoices';

function invoiceInput(body: components['schemas']['InvoiceFields']): InvoiceInput {
  return {
    shipmentId: body.shipment_id,
    currency: body.currency,
    billTo: body.bill_to,
    dueDate: body.due_date,
    memo: body.memo,
    lines: body.lines?.map((line) => ({
      description: line.description,
      chargeCode: line.charge_code ?? 'other',
      quantity: line.quantity,
      // Written as a decimal string or as the {amount, currency} a read gives (its currency checked by the domain).
      ...(typeof line.unit_amount === 'string'
        ? { unitAmount: line.unit_amount }
        : { unitAmount: line.unit_amount.amount, unitAmountCurrency: line.unit_amount.currency }),
      taxRate: line.tax_rate ?? '0',
    })),
    metadata: body.metadata,
  };
}

export function invoiceHandlers(
  invoices: InvoiceService,
  pdfs: PdfRenderer,
): {
  [K in InvoiceOperation]: OperationHandler<operations[K]>;
} {
  return {
    listInvoices: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await invoices.list(
        accountScopeOf(call),
        { status: query.status, shipmentId: query.shipment_id },
        limit,
        query.cursor ?? null,
      );
      return {
        status: 200,
        ...listResponse(page, toApiInvoice, invoicesPath, {
          limit,
          status: query.status,
          shipment_id: query.shipment_id,
        }),
      };
    },
    createInvoice: async ({ body, call }) => {
      const invoice = await invoices.create(accountScopeOf(call), { ...invoiceInput(body), currency: body.currency });
      return { status: 201, headers: { Location: `${invoicesPath}/${invoice.id}` }, body: toApiInvoice(invoice) };
    },
    getInvoice: async ({ params, call }) => ({
      status: 200,
      body: toApiInvoice(await invoices.get(accountScopeOf(call), params.invoice_id)),
    }),
    updateInvoice: async ({ params, body, call }) => ({
      status: 200,
      body: toApiInvoice(await invoices.update(accountScopeOf(call), params.invoice_id, invoiceInput(body))),
    }),
    finalizeInvoice: async ({ params, call }) => ({
      status: 200,
      body: toApiInvoice(await invoices.finalize(accountScopeOf(call), params.invoice_id)),
    }),
    payInvoice: async ({ params, body, call }) => ({
      status: 200,
      body: toApiInvoice(await invoices.pay(accountScopeOf(call), params.invoice_id, body.payment_reference)),
    }),
    voidInvoice: async ({ params, call }) => ({
      status: 200,
      body: toApiInvoice(await invoices.void(accountScopeOf(call), params.invoice_id)),
    }),
    getInvoicePdf: async ({ params, call }) => {
      const invoice = await invoices.get(accountScopeOf(call), params.invoice_id);
      const pdf = await pdfs.invoice(invoice);
      return {
        status: 200,
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="${invoice.number ?? invoice.id}.pdf"` },
        // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
        body: pdf as unknown as string,
      };
    },
  };
}
