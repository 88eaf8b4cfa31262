import type { StoredDocument } from '../../domain/documents';
import type { Invoice } from '../../domain/invoices';
import {
  type CargoLine,
  type ShipmentAction,
  shipmentActions,
  type ShipmentStatus,
  shipmentStatuses,
  type ShipmentView,
} from '../../domain/shipments';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError } from './layout';
import { utcTime } from './times';
import { documentTable, invoiceTable, label, money, noneYet, olderLink, workPage } from './work-pages';

export function shipmentsPage(
  visitor: Visitor,
  shipments: ShipmentView[],
  filter: { status: ShipmentStatus | null; olderHref: string | null },
): Html {
  return workPage(
    visitor,
    'Shipments',
    'Shipments',
    html`<form method="get" action="/work/shipments" class="card search-row">
        <label class="visually-hidden" for="s-status">Status</label>
        <select id="s-status" name="status">
          <option value="">Every status</option>
          ${shipmentStatuses.map(
            (status) =>
              html`<option value="${status}" ${filter.status === status ? 'selected' : ''}>${label(status)}</option>`,
          )}
        </select>
        <button>Filter</button>
      </form>
      <section class="card" aria-label="Shipments">
        ${
          shipments.length === 0
            ? noneYet(visitor, filter.status ? `${label(filter.status)} shipments` : 'shipments')
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">Shipment</th>
                    <th scope="col">Status</th>
                    <th scope="col">Mode</th>
                    <th scope="col">Route</th>
                    <th scope="col">ETA</th>
                    <th scope="col">Containers</th>
                  </tr>
                </thead>
                <tbody>
                  ${shipments.map(
                    ({ shipment }) =>
                      html`<tr>
                        <th scope="row">
                          <a href="/work/shipments/${shipment.id}">${shipment.reference ?? shipment.id}</a>
                        </th>
                        <td data-label="Status"><span class="badge">${label(shipment.status)}</span></td>
                        <td data-label="Mode">${shipment.mode ? label(shipment.mode) : '—'}</td>
                        <td data-label="Route">
                          ${shipment.originLocode ?? '—'} → ${shipment.destinationLocode ?? '—'}
                        </td>
                        <td data-label="ETA">${shipment.eta ?? '—'}</td>
                        <td data-label="Containers">${shipment.containers.length}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
        ${olderLink(filter.olderHref)}
      </section>`,
  );
}

/** The state machine's actions open from this status, in their order (book, depart, arrive, deliver, cancel). */
const actionsFrom = (status: ShipmentStatus): ShipmentAction[] =>
  (Object.keys(shipmentActions) as ShipmentAction[]).filter((action) =>
    (shipmentActions[action].from as readonly ShipmentStatus[]).includes(status),
  );

function dutyCell(line: CargoLine): Html | string {
  const estimate = line.dutyEstimate;
  if (estimate === null) return html`<span class="muted">not estimated</span>`;
  const unresolved = html`<span class="badge unresolved">unresolved</span> ${estimate.reason ?? ''}`;
  if (estimate.status === 'unresolved' && estimate.duty === null) return unresolved;
  // The duty can be known while the total is not (the entry's fees need every line's value).
  return html`${estimate.total === null ? unresolved : html`<strong>${money(estimate.total.amount, estimate.total.currency)}</strong>`}
    <div class="muted">
      duty ${money(estimate.duty?.amount, estimate.duty?.currency ?? 'USD')}, fees
      ${money(estimate.fees?.amount, estimate.fees?.currency ?? 'USD')}${
        estimate.effectiveRatePercent !== null ? `, ${estimate.effectiveRatePercent}% effective` : ''
      }
    </div>
    ${
      estimate.programs.length > 0
        ? html`<ul class="citations">
            ${estimate.programs.map(
              (program) =>
                html`<li>
                  ${program.family}${program.headings.length > 0 ? ` (${program.headings.join(', ')})` : ''}:
                  ${program.amount === null ? html`<span class="badge unresolved">unresolved</span>` : `${program.amount} USD`}
                </li>`,
            )}
          </ul>`
        : ''
    }
    <div class="muted">
      entry ${estimate.entryDate ?? '—'}, HTS ${estimate.htsRelease ?? '—'}, estimated ${utcTime(estimate.estimatedAt)}
    </div>`;
}

export interface ShipmentPageData {
  view: ShipmentView;
  invoices: Invoice[];
  documents: StoredDocument[];
  /** A refused action, shown above the shipment. */
  form?: FormState;
}

export function shipmentPage(visitor: Visitor, data: ShipmentPageData): Html {
  const { shipment, tracking } = data.view;
  const transitions = shipment.statusTransitions;
  const actions = actionsFrom(shipment.status);
  return workPage(
    visitor,
    `${shipment.reference ?? shipment.id} · Shipments`,
    shipment.reference ?? shipment.id,
    html`<p><a href="/work/shipments">← Shipments</a></p>
      ${data.form ? formError(data.form) : ''}
      <section class="card" aria-labelledby="shipment-h">
        <h2 id="shipment-h"><span class="badge">${label(shipment.status)}</span></h2>
        <table class="facts">
          <tbody>
            <tr>
              <th scope="row">Id</th>
              <td><code>${shipment.id}</code></td>
            </tr>
            <tr>
              <th scope="row">Mode</th>
              <td>${shipment.mode ? label(shipment.mode) : '—'}</td>
            </tr>
            <tr>
              <th scope="row">Route</th>
              <td>${shipment.originLocode ?? '—'} → ${shipment.destinationLocode ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Shipper / consignee</th>
              <td>${shipment.shipper?.name ?? '—'} / ${shipment.consignee?.name ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Carrier, B/L, booking</th>
              <td>
                ${[shipment.carrierScac, shipment.billOfLadingNumber, shipment.bookingNumber]
                  .map((value) => value ?? '—')
                  .join(', ')}
              </td>
            </tr>
            <tr>
              <th scope="row">Cargo ready, ETD, ETA</th>
              <td>${[shipment.cargoReadyDate, shipment.etd, shipment.eta].map((value) => value ?? '—').join(', ')}</td>
            </tr>
            <tr>
              <th scope="row">History</th>
              <td>
                created
                ${utcTime(shipment.createdAt)}${(['booked', 'departed', 'arrived', 'delivered', 'cancelled'] as const)
                  .filter((step) => transitions[`${step}_at`] !== null)
                  .map((step) => `; ${step} ${utcTime(transitions[`${step}_at`])}`)
                  .join('')}
              </td>
            </tr>
          </tbody>
        </table>
        ${
          actions.length > 0
            ? html`<div class="actions">
                ${actions.map(
                  (action) =>
                    html`<form method="post" action="/work/shipments/${shipment.id}/${action}">
                      ${csrfField(visitor)}
                      <button class="${action === 'cancel' ? 'danger' : ''}">
                        ${action[0].toUpperCase()}${action.slice(1)}
                      </button>
                    </form>`,
                )}
              </div>`
            : ''
        }
      </section>
      <section class="card" aria-labelledby="containers-h">
        <h2 id="containers-h">Containers</h2>
        ${
          shipment.containers.length === 0
            ? html`<p class="muted">No containers on this shipment.</p>`
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">Container</th>
                    <th scope="col">Status</th>
                    <th scope="col">Carrier ETA</th>
                    <th scope="col">Predicted ETA</th>
                  </tr>
                </thead>
                <tbody>
                  ${shipment.containers.map((container) => {
                    const followed =
                      container.subscriptionId === null ? undefined : tracking.get(container.subscriptionId);
                    return html`<tr>
                      <th scope="row">
                        ${
                          followed
                            ? html`<a href="/tracking/containers/${container.number}">${container.number}</a>`
                            : container.number
                        }
                      </th>
                      <td data-label="Status">
                        ${followed ? label(followed.status) : html`<span class="muted">tracked from booking</span>`}
                        ${followed?.stale ? html`<span class="badge test">stale</span>` : ''}
                      </td>
                      <td data-label="Carrier ETA">${utcTime(followed?.carrier_eta ?? null)}</td>
                      <td data-label="Predicted ETA">${utcTime(followed?.predicted_eta ?? null)}</td>
                    </tr>`;
                  })}
                </tbody>
              </table>`
        }
      </section>
      <section class="card" aria-labelledby="cargo-h">
        <h2 id="cargo-h">Cargo and duty estimate</h2>
        ${
          shipment.cargoLines.length === 0
            ? html`<p class="muted">No cargo lines.</p>`
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">Cargo</th>
                    <th scope="col">HTS</th>
                    <th scope="col">Origin</th>
                    <th scope="col">Value</th>
                    <th scope="col">Duty estimate</th>
                  </tr>
                </thead>
                <tbody>
                  ${shipment.cargoLines.map(
                    (line) =>
                      html`<tr class="${line.dutyEstimate?.status === 'unresolved' ? 'unresolved' : ''}">
                        <th scope="row">
                          ${line.description}
                          ${line.quantity !== null ? html`<div class="muted">${line.quantity} ${line.quantityUnit ?? ''}</div>` : ''}
                        </th>
                        <td data-label="HTS">
                          ${
                            line.htsCode
                              ? html`<a href="/tools/tariff?hts_code=${line.htsCode}">${line.htsCode}</a>`
                              : '—'
                          }
                        </td>
                        <td data-label="Origin">${line.countryOfOrigin ?? '—'}</td>
                        <td data-label="Value" class="num">
                          ${line.value ? money(line.value.amount, line.value.currency) : '—'}
                        </td>
                        <td data-label="Duty estimate">${dutyCell(line)}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      <section class="card" aria-labelledby="paperwork-h">
        <h2 id="paperwork-h">Invoices and documents</h2>
        ${data.invoices.length === 0 ? html`<p class="muted">No invoices for this shipment.</p>` : invoiceTable(data.invoices)}
        ${
          data.documents.length === 0
            ? html`<p class="muted">No documents for this shipment.</p>`
            : documentTable(data.documents)
        }
      </section>`,
  );
}
