import type { QuoteResult, ServiceQuote } from '../../domain/parcel';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';

export const parcelFields = ['origin', 'destination', 'length', 'width', 'height', 'weight'] as const;

const money = (cents: number | null): string => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);
const transit = (q: ServiceQuote): string =>
  q.transitDays === null
    ? '—'
    : q.transitDays.min === q.transitDays.max
      ? `${q.transitDays.min} d`
      : `${q.transitDays.min}–${q.transitDays.max} d`;

function input(form: FormState, name: string, label: string, inputmode: 'numeric' | 'decimal'): Html {
  const problem = form.fields[name];
  return html`<div>
    <label for="p-${name}">${label}</label>
    <input
      id="p-${name}"
      name="${name}"
      type="text"
      inputmode="${inputmode}"
      required
      value="${form.values[name] ?? ''}"
      ${problem ? html`aria-invalid="true" aria-describedby="p-${name}-error"` : ''}
    />
    ${problem ? html`<p class="field-error" id="p-${name}-error">${label} ${problem}.</p>` : ''}
  </div>`;
}

/** One column per carrier, its services as rows, the cheapest and fastest of all marked. */
function carrierColumn(carrier: string, quotes: ServiceQuote[]): Html {
  return html`<section class="card carrier" aria-labelledby="c-${carrier}">
    <h3 id="c-${carrier}">${carrier.toUpperCase()}</h3>
    <table>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Price</th>
          <th scope="col">Transit</th>
        </tr>
      </thead>
      <tbody>
        ${quotes.map(
          (q) =>
            html`<tr>
              <th scope="row">
                ${q.serviceName} ${q.cheapest ? html`<span class="badge live">Cheapest</span>` : ''}
                ${q.fastest ? html`<span class="badge test">Fastest</span>` : ''}
              </th>
              <td>${q.available ? money(q.totalCents) : html`<span class="muted">not offered</span>`}</td>
              <td>${transit(q)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

export function parcelPage(visitor: Visitor, form: FormState, result: QuoteResult | null): Html {
  const carriers = result ? [...new Set(result.quotes.map((q) => q.carrier))] : [];
  return page(
    visitor,
    'Parcel quotes',
    html`<h1>Parcel quotes</h1>
      <div class="card">
        ${formError(form)}
        <form method="post" action="/tools/parcel" novalidate>
          ${csrfField(visitor)}
          <div class="grid form-grid">
            ${input(form, 'origin', 'From ZIP', 'numeric')} ${input(form, 'destination', 'To ZIP', 'numeric')}
            ${input(form, 'length', 'Length (in)', 'decimal')} ${input(form, 'width', 'Width (in)', 'decimal')}
            ${input(form, 'height', 'Height (in)', 'decimal')} ${input(form, 'weight', 'Weight (lb)', 'decimal')}
          </div>
          <label class="check"
            ><input type="checkbox" name="residential" value="true" ${form.values.residential ? 'checked' : ''} />
            Residential delivery</label
          >
          <div class="actions"><button>Compare carriers</button></div>
        </form>
      </div>
      ${
        result
          ? html`<h2>Ship date ${result.shipDate}</h2>
              <div class="grid">
                ${carriers.map((c) =>
                  carrierColumn(
                    c,
                    result.quotes.filter((q) => q.carrier === c),
                  ),
                )}
              </div>`
          : ''
      }`,
  );
}
