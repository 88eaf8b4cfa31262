import { allCountries, claimCatalogue, claimHeadingLabel, type ClaimDefinition } from '../../domain/tariff';
import type { components } from '../../generated/api';
import { type Fragment, type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { citationHref } from './citation-links';
import { csrfField, type FormState, formError, page } from './layout';

type Schemas = components['schemas'];
type Calculation = Schemas['TariffCalculation'];

/** A calculation as the page shows it: the request sent, and the API's two answers to it. */
export interface TariffOutcome {
  /** The body as a client would send it (without `store`, whose default is false). */
  request: Omit<Schemas['TariffCalculationRequest'], 'store'>;
  formA: Schemas['TariffCalculationFormA'];
  formB: Schemas['TariffCalculationFormB'];
}

/** What a claim's input carries, by what the catalogue says it takes. */
const takesLabel: Record<ClaimDefinition['takes'], string> = {
  value: 'Value (USD)',
  percent: 'Percent',
  text: 'Text',
  date: 'Date (YYYY-MM-DD)',
  none: '',
};

export const transportModes: readonly Schemas['TransportMode'][] = ['ocean', 'air', 'truck', 'rail'];

export const claimDefinitions = [...claimCatalogue.values()];

export const usd = (amount: number | null): string =>
  amount === null
    ? 'unresolved'
    : `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (rate: number | null): string => (rate === null ? 'unresolved' : `${rate}%`);

function invalid(form: FormState, name: string, id: string): Html {
  return form.fields[name] ? html`aria-invalid="true" aria-describedby="${id}-error"` : html``;
}

function problemOf(form: FormState, name: string, id: string, label: string): Html {
  const problem = form.fields[name];
  return problem ? html`<p class="field-error" id="${id}-error">${label}: ${problem}.</p>` : html``;
}

function textInput(form: FormState, name: string, label: string, extra: Html = html``): Html {
  const id = `t-${name}`;
  return html`<div>
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${name}"
      type="text"
      value="${form.values[name] ?? ''}"
      ${invalid(form, name, id)}
      ${extra}
    />
    ${problemOf(form, name, id, label)}
  </div>`;
}

function countrySelect(form: FormState): Html {
  const chosen = (form.values.country_code ?? '').toUpperCase();
  const id = 't-country_code';
  return html`<div>
    <label for="${id}">Country of origin</label>
    <select id="${id}" name="country_code" required ${invalid(form, 'country_code', id)}>
      <option value="">Choose a country</option>
      ${allCountries().map(
        (c) => html`<option value="${c.code}" ${c.code === chosen ? 'selected' : ''}>${c.name} (${c.code})</option>`,
      )}
    </select>
    ${problemOf(form, 'country_code', id, 'Country of origin')}
  </div>`;
}

function modeSelect(form: FormState): Html {
  const chosen = form.values.mode ?? '';
  const id = 't-mode';
  return html`<div>
    <label for="${id}">Transport mode</label>
    <select id="${id}" name="mode" ${invalid(form, 'mode', id)}>
      <option value="">Not given</option>
      ${transportModes.map(
        (mode) => html`<option value="${mode}" ${mode === chosen ? 'selected' : ''}>${mode}</option>`,
      )}
    </select>
    ${problemOf(form, 'mode', id, 'Transport mode')}
  </div>`;
}

/** One catalogue claim: ticked to make it, with the value, text or date it carries. */
function claimInput(form: FormState, claim: ClaimDefinition): Html {
  const id = `claim-${claim.code}`;
  const name = `claim_${claim.code}`;
  const ticked = (form.values.claims ?? '').split(',').includes(claim.code);
  const heading = claimHeadingLabel(claim);
  return html`<div class="claim ${form.fields[name] ? 'invalid' : ''}">
    <label class="check"
      ><input type="checkbox" name="claims" value="${claim.code}" id="${id}" ${ticked ? 'checked' : ''} />
      <code>${claim.code}</code>${heading ? html` <span class="badge">${heading}</span>` : ''}</label
    >
    <p class="muted">${claim.asserts}</p>
    ${
      claim.takes === 'none'
        ? ''
        : html`<label class="sub" for="${id}-input">${takesLabel[claim.takes]} for ${claim.code}</label>
            <input
              id="${id}-input"
              name="${name}"
              type="text"
              ${claim.takes === 'value' || claim.takes === 'percent' ? html`inputmode="decimal"` : ''}
              value="${form.values[name] ?? ''}"
              ${invalid(form, name, id)}
            />`
    }
    ${problemOf(form, name, id, claim.code)}
  </div>`;
}

/** The line a typed HTS number names, found as you type (GET /tools/tariff/hts-line). */
export function htsLineHint(
  outcome: { found: true; line: Schemas['HtsLine'] } | { found: false; message: string } | null,
): Html {
  if (outcome === null) return html`<span class="muted">Type an HTS number: 4, 6, 8 or 10 digits.</span>`;
  if (!outcome.found) return html`<span class="field-error">${outcome.message}</span>`;
  const { line } = outcome;
  const general = line.rates.general?.text;
  return html`<strong>${line.hts_code}</strong> ${line.description_path}
    ${general ? html`<span class="muted">· General rate ${general}</span>` : ''}
    <span class="muted">· ${line.release.title}</span>`;
}

function citations(list: Schemas['DutyStackComponent']['citations']): Html {
  return html`<ul class="citations">
    ${list.map((c) => {
      const href = citationHref(c);
      return html`<li>
        ${href ? html`<a href="${href}" rel="noreferrer external">${c.ref}</a>` : c.ref}
        ${c.note ? html`<span class="muted">${c.note}</span>` : ''}
      </li>`;
    })}
  </ul>`;
}

const statusBadge: Record<Schemas['DutyStackComponent']['status'], Fragment> = {
  applies: '',
  suppressed: html`<span class="badge">not charged</span>`,
  unresolved: html`<span class="badge unresolved">unresolved</span>`,
  prohibited: html`<span class="badge revoked">prohibited</span>`,
};

/** The duty stack, one row a measure: program, Chapter 99 heading, rate, amount, the law it rests on. */
function stackTable(result: Calculation): Html {
  return html`<table class="stack">
    <caption class="muted">
      Each line of the duty stack with the law it rests on
    </caption>
    <thead>
      <tr>
        <th scope="col">Program</th>
        <th scope="col">Heading</th>
        <th scope="col">Rate</th>
        <th scope="col">Amount</th>
        <th scope="col">Citations</th>
      </tr>
    </thead>
    <tbody>
      ${result.components.map(
        (c) =>
          html`<tr class="${c.status}">
            <th scope="row" data-label="Program">
              ${c.program} ${statusBadge[c.status]}
              <span class="muted block">${c.description}</span>
              ${c.reason ? html`<span class="muted block">${c.reason}</span>` : ''}
            </th>
            <td data-label="Heading">${c.heading ?? '—'}</td>
            <td data-label="Rate">${c.rate_text ?? percent(c.rate_percent)}</td>
            <td data-label="Amount" class="num">${c.status === 'suppressed' ? '—' : usd(c.amount)}</td>
            <td data-label="Citations">${citations(c.citations)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function exemptions(result: Calculation): Html {
  const list = result.possible_exemptions ?? [];
  if (list.length === 0) return html``;
  return html`<h3>Possible exemptions</h3>
    <p class="muted">Claims this request does not make that would relieve a measure, with the total each would give.</p>
    <ul class="exemptions">
      ${list.map(
        (p) =>
          html`<li>
            <code>${p.claim.code}</code>${p.heading ? html` <span class="badge">${p.heading}</span>` : ''}
            ${p.description} <strong>Total duty with it: ${usd(p.total_duty)}</strong>
          </li>`,
      )}
    </ul>`;
}

function unresolved(result: Calculation): Html {
  if (result.unresolved.length === 0) return html``;
  return html`<div class="notice warn" role="status" id="unresolved">
    <strong>Not resolved:</strong> ${result.unresolved.length === 1 ? 'one part' : `${result.unresolved.length} parts`}
    of this calculation could not be computed, so the totals they enter are left open rather than counted as zero.
    <ul>
      ${result.unresolved.map((u) => html`<li><code>${u.component}</code>: ${u.reason}</li>`)}
    </ul>
  </div>`;
}

/** A JSON document with its copy button. */
function codeBlock(id: string, title: string, text: string): Html {
  return html`<section class="code-block" aria-labelledby="${id}-title">
    <div class="code-head">
      <h3 id="${id}-title">${title}</h3>
      <button type="button" class="secondary" data-copy="${id}">Copy</button>
    </div>
    <pre tabindex="0"><code id="${id}">${text}</code></pre>
  </section>`;
}

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

function resultSection(outcome: TariffOutcome, tariffHostUrl: string): Html {
  const result = outcome.formA.result;
  const curl = [
    `curl -X POST ${tariffHostUrl}/api/tariff/public/calculate \\`,
    `  -H "X-API-Key: $TRADELANE_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(outcome.request))}`,
  ].join('\n');
  return html`<section class="card" aria-labelledby="result-title" id="result">
      <h2 id="result-title">${result.hts_code} · ${result.description}</h2>
      <p class="muted">
        From ${result.country.flag} ${result.country.name} · declared value ${usd(result.declared_value)} · entry
        ${result.entry_date} · ${result.hts_release.name} · rules ${result.rules_version}
      </p>
      ${
        result.prohibited
          ? html`<div class="notice error" role="alert">Entry of these goods from this origin is prohibited.</div>`
          : ''
      }
      <dl class="totals">
        <div>
          <dt>Total duty</dt>
          <dd>${usd(result.total_duty_amount)}</dd>
        </div>
        <div>
          <dt>Duty rate</dt>
          <dd>${percent(result.total_duty_rate)}</dd>
        </div>
        <div>
          <dt>Fees (MPF, HMF)</dt>
          <dd>${usd(result.fees.total)}</dd>
        </div>
      </dl>
      ${unresolved(result)}
      <div class="table-scroll">${stackTable(result)}</div>
      ${
        result.warnings.length
          ? html`<h3>Warnings</h3>
              <ul>
                ${result.warnings.map((w) => html`<li>${w}</li>`)}
              </ul>`
          : ''
      }
      ${exemptions(result)}
    </section>
    <section class="card" aria-labelledby="api-title">
      <h2 id="api-title">The same in the API</h2>
      <p class="muted">
        The tariff host answers form A (with the calls left today), the main host form B. This calculation counted
        against the same daily limit as these calls.
      </p>
      <div class="grid">
        ${codeBlock('form-a-json', 'Form A', JSON.stringify(outcome.formA, null, 2))}
        ${codeBlock('form-b-json', 'Form B', JSON.stringify(outcome.formB, null, 2))}
      </div>
      ${codeBlock('curl', 'Copy as curl', curl)}
    </section>`;
}

/** `hint` is the looked-up line; after a calculation the line calculated is named instead. */
export function tariffPage(visitor: Visitor, form: FormState, outcome: TariffOutcome | null, hint: Html | null): Html {
  const made = (form.values.claims ?? '').split(',').filter(Boolean).length;
  const claimProblem = Object.keys(form.fields).some((name) => name === 'claims' || name.startsWith('claim_'));
  return page(
    visitor,
    'Tariff calculator',
    html`<h1>Tariff calculator</h1>
      <div class="card">
        ${formError(form)}
        <form method="post" action="/tools/tariff" novalidate>
          ${csrfField(visitor)}
          <div class="grid form-grid">
            <div class="wide">
              <label for="t-hts_code">HTS number</label>
              <input
                id="t-hts_code"
                name="hts_code"
                type="text"
                inputmode="decimal"
                autocomplete="off"
                required
                value="${form.values.hts_code ?? ''}"
                hx-get="/tools/tariff/hts-line"
                hx-trigger="input changed delay:300ms"
                hx-target="#hts-line"
                hx-include="#t-entry_date"
                hx-sync="this:replace"
                ${
                  form.fields.hts_code
                    ? html`aria-invalid="true" aria-describedby="t-hts_code-error hts-line"`
                    : html`aria-describedby="hts-line"`
                }
              />
              <p class="hts-line" id="hts-line" aria-live="polite">
                ${
                  hint ??
                  (outcome
                    ? html`<strong>${outcome.formA.result.hts_code}</strong> ${outcome.formA.result.description}`
                    : '')
                }
              </p>
              ${problemOf(form, 'hts_code', 't-hts_code', 'HTS number')}
            </div>
            ${countrySelect(form)}
            ${textInput(form, 'declared_value', 'Declared value (USD)', html`inputmode="decimal" required`)}
            ${textInput(form, 'entry_date', 'Entry date (YYYY-MM-DD)', html`placeholder="today" inputmode="numeric"`)}
            ${textInput(form, 'quantity', 'Quantity (for specific rates)', html`inputmode="decimal"`)}
            ${textInput(form, 'quantity_unit', 'Unit of quantity', html`placeholder="kg"`)} ${modeSelect(form)}
          </div>
          <details class="claims" ${made > 0 || claimProblem ? 'open' : ''}>
            <summary>Claims from the catalogue${made ? ` (${made} made)` : ''}</summary>
            ${form.fields.claims ? html`<p class="field-error" id="claims-error">${form.fields.claims}.</p>` : ''}
            <div class="claim-list">${claimDefinitions.map((claim) => claimInput(form, claim))}</div>
          </details>
          <div class="actions"><button>Calculate duty</button></div>
        </form>
      </div>
      ${outcome ? resultSection(outcome, visitor.hosts.tariff) : ''}`,
  );
}
