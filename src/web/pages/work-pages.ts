import type { StoredDocument } from '../../domain/documents';
import type { Invoice } from '../../domain/invoices';
import type { LtlQuoteRequest } from '../../domain/ltl';
import { type Fragment, type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { page } from './layout';
import { subNavigation } from './sub-navigation';
import { utcTime } from './times';

const sections = [
  { href: '/work/shipments', label: 'Shipments' },
  { href: '/work/invoices', label: 'Invoices' },
  { href: '/work/documents', label: 'Documents' },
  { href: '/work/ltl-requests', label: 'LTL requests' },
];

/** A page of the account's work: the section's tabs, the title with the mode, the content. */
export function workPage(visitor: Visitor, title: string, heading: Fragment, body: Fragment): Html {
  const mode = visitor.signedIn!.session.mode;
  return page(
    visitor,
    title,
    html`${subNavigation(visitor, 'Account work', sections)}
      <h1 class="wrap">${heading} <span class="badge ${mode}">${mode}</span></h1>
      ${body}`,
  );
}

/** The plan does not include the account API: what it would take. */
export function workNotInPlanPage(visitor: Visitor, planLabel: string): Html {
  return page(
    visitor,
    'Shipments',
    html`<h1>Shipments, invoices and documents</h1>
      <div class="notice" role="status">
        <p>
          Shipments (with container tracking and duty estimates), invoices with their PDFs, documents and LTL quote
          requests are the Business plan's: the same account API (<code>/api/shipments</code>,
          <code>/api/invoices</code>, <code>/api/documents</code>, <code>/api/ltl-quote-requests</code>) your keys reach
          on it. Your account is on ${planLabel}.
        </p>
        <p>Business plans are arranged with Tradelane; your <a href="/dashboard">overview</a> shows your plan.</p>
      </div>`,
  );
}

export const money = (amount: string | null | undefined, currency: string): string =>
  amount === null || amount === undefined ? '—' : `${amount} ${currency}`;

/** An enumeration's code as words (`in_transit` → in transit). */
export const label = (code: string): string => code.replace(/_/g, ' ');

/** "Nothing yet" for a list, in the session's mode. */
export const noneYet = (visitor: Visitor, what: string): Html =>
  html`<p class="muted">No ${what} in ${visitor.signedIn!.session.mode} mode yet.</p>`;

export const olderLink = (href: string | null): Html | '' => (href ? html`<p><a href="${href}">Older →</a></p>` : '');

export function invoiceTable(invoices: Invoice[]): Html {
  return html`<table class="stack">
    <thead>
      <tr>
        <th scope="col">Invoice</th>
        <th scope="col">Status</th>
        <th scope="col">Total</th>
        <th scope="col">Due</th>
        <th scope="col">Created</th>
      </tr>
    </thead>
    <tbody>
      ${invoices.map(
        (invoice) =>
          html`<tr>
            <th scope="row"><a href="/work/invoices/${invoice.id}">${invoice.number ?? 'Draft'}</a></th>
            <td data-label="Status"><span class="badge">${invoice.status}</span></td>
            <td data-label="Total" class="num">${money(invoice.total, invoice.currency)}</td>
            <td data-label="Due">${invoice.dueDate ?? '—'}</td>
            <td data-label="Created">${utcTime(invoice.createdAt)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function invoicesPage(visitor: Visitor, invoices: Invoice[], olderHref: string | null): Html {
  return workPage(
    visitor,
    'Invoices',
    'Invoices',
    html`<section class="card" aria-label="Invoices">
      ${invoices.length === 0 ? noneYet(visitor, 'invoices') : invoiceTable(invoices)} ${olderLink(olderHref)}
    </section>`,
  );
}

export function invoicePage(visitor: Visitor, invoice: Invoice): Html {
  const { currency } = invoice;
  const party = invoice.billTo;
  return workPage(
    visitor,
    `${invoice.number ?? invoice.id} · Invoices`,
    html`Invoice ${invoice.number ?? html`<span class="muted">(draft)</span>`}`,
    html`<p><a href="/work/invoices">← Invoices</a></p>
      <section class="card" aria-labelledby="invoice-h">
        <h2 id="invoice-h"><span class="badge">${invoice.status}</span> ${money(invoice.total, currency)}</h2>
        <table class="facts">
          <tbody>
            <tr>
              <th scope="row">Bill to</th>
              <td>
                ${party ? [party.name, ...(party.address_lines ?? []), party.city, party.country].filter(Boolean).join(', ') : '—'}
              </td>
            </tr>
            <tr>
              <th scope="row">Due</th>
              <td>${invoice.dueDate ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Shipment</th>
              <td>
                ${invoice.shipmentId ? html`<a href="/work/shipments/${invoice.shipmentId}">${invoice.shipmentId}</a>` : '—'}
              </td>
            </tr>
            <tr>
              <th scope="row">Finalized</th>
              <td>${utcTime(invoice.finalizedAt)}</td>
            </tr>
            ${
              invoice.paidAt !== null
                ? html`<tr>
                    <th scope="row">Paid</th>
                    <td>
                      ${utcTime(invoice.paidAt)}${invoice.paymentReference ? ` (${invoice.paymentReference})` : ''}
                    </td>
                  </tr>`
                : ''
            }
            ${
              invoice.voidedAt !== null
                ? html`<tr>
                    <th scope="row">Voided</th>
                    <td>${utcTime(invoice.voidedAt)}</td>
                  </tr>`
                : ''
            }
            ${
              invoice.memo
                ? html`<tr>
                    <th scope="row">Memo</th>
                    <td>${invoice.memo}</td>
                  </tr>`
                : ''
            }
          </tbody>
        </table>
        <div class="actions">
          <a class="button" href="/work/invoices/${invoice.id}/pdf">PDF</a>
        </div>
      </section>
      <section class="card" aria-labelledby="lines-h">
        <h2 id="lines-h">Lines</h2>
        ${
          invoice.lines.length === 0
            ? html`<p class="muted">No lines yet.</p>`
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">Description</th>
                    <th scope="col">Charge</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Unit</th>
                    <th scope="col">Tax rate</th>
                    <th scope="col">Tax</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  ${invoice.lines.map(
                    (line) =>
                      html`<tr>
                        <th scope="row">${line.description}</th>
                        <td data-label="Charge">${label(line.chargeCode)}</td>
                        <td data-label="Quantity" class="num">${line.quantity}</td>
                        <td data-label="Unit" class="num">${money(line.unitAmount, currency)}</td>
                        <td data-label="Tax rate" class="num">${line.taxRate}%</td>
                        <td data-label="Tax" class="num">${money(line.tax, currency)}</td>
                        <td data-label="Amount" class="num">${money(line.amount, currency)}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
        <table class="facts totals">
          <tbody>
            <tr>
              <th scope="row">Subtotal</th>
              <td class="num">${money(invoice.subtotal, currency)}</td>
            </tr>
            <tr>
              <th scope="row">Tax</th>
              <td class="num">${money(invoice.tax, currency)}</td>
            </tr>
            <tr>
              <th scope="row">Total</th>
              <td class="num"><strong>${money(invoice.total, currency)}</strong></td>
            </tr>
          </tbody>
        </table>
      </section>`,
  );
}

const kilobytes = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

export function documentTable(documents: StoredDocument[]): Html {
  return html`<table class="stack">
    <thead>
      <tr>
        <th scope="col">File</th>
        <th scope="col">Type</th>
        <th scope="col">Size</th>
        <th scope="col">Shipment</th>
        <th scope="col">Uploaded</th>
      </tr>
    </thead>
    <tbody>
      ${documents.map(
        (document) =>
          html`<tr>
            <th scope="row">
              <a href="/work/documents/${document.id}/content" download="${document.filename}">${document.filename}</a>
            </th>
            <td data-label="Type">${label(document.type)}</td>
            <td data-label="Size" class="num">${kilobytes(document.sizeBytes)}</td>
            <td data-label="Shipment">
              ${document.shipmentId ? html`<a href="/work/shipments/${document.shipmentId}">${document.shipmentId}</a>` : '—'}
            </td>
            <td data-label="Uploaded">${utcTime(document.createdAt)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function documentsPage(visitor: Visitor, documents: StoredDocument[], olderHref: string | null): Html {
  return workPage(
    visitor,
    'Documents',
    'Documents',
    html`<section class="card" aria-label="Documents">
      ${documents.length === 0 ? noneYet(visitor, 'documents') : documentTable(documents)} ${olderLink(olderHref)}
    </section>`,
  );
}

function quoteCell(request: LtlQuoteRequest): Html | string {
  const quote = request.quote;
  if (!quote) return request.status === 'expired' ? 'expired unquoted' : 'awaiting a carrier';
  return html`${money(quote.amount, quote.currency)}
    <div class="muted">
      ${quote.carrierName ?? quote.carrierScac}${quote.transitDays !== null ? `, ${quote.transitDays} days` : ''}; valid
      until ${utcTime(quote.validUntil)}
    </div>`;
}

export function ltlRequestsPage(visitor: Visitor, requests: LtlQuoteRequest[], olderHref: string | null): Html {
  return workPage(
    visitor,
    'LTL requests',
    'LTL quote requests',
    html`<section class="card" aria-label="LTL quote requests">
      ${
        requests.length === 0
          ? noneYet(visitor, 'LTL quote requests')
          : html`<table class="stack">
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Lane</th>
                  <th scope="col">Ready</th>
                  <th scope="col">Freight</th>
                  <th scope="col">Status</th>
                  <th scope="col">Quote</th>
                </tr>
              </thead>
              <tbody>
                ${requests.map(
                  (request) =>
                    html`<tr>
                      <th scope="row">
                        ${request.reference ?? html`<code>${request.id}</code>`}
                        <div class="muted">${utcTime(request.createdAt)}</div>
                      </th>
                      <td data-label="Lane">${request.originPostalCode} → ${request.destinationPostalCode}</td>
                      <td data-label="Ready">${request.readyDate}</td>
                      <td data-label="Freight">
                        ${request.pallets.reduce((n, pallet) => n + pallet.quantity, 0)} pallets,
                        ${request.totalWeightLb} lb
                        <div class="muted">
                          class
                          ${[
                            ...new Set(request.pallets.map((pallet) => pallet.freightClass ?? pallet.densityClass)),
                          ].join(', ')}
                        </div>
                      </td>
                      <td data-label="Status"><span class="badge">${request.status}</span></td>
                      <td data-label="Quote">${quoteCell(request)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
      }
      ${olderLink(olderHref)}
    </section>`,
  );
}
