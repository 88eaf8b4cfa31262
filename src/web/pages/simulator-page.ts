import type { components } from '../../generated/api';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError } from './layout';
import { transportModes, usd } from './tariff-page';
import { proPage } from './tariff-pro-layout';

type Simulation = components['schemas']['TariffSimulation'];
type Scenario = Simulation['scenarios'][number];

/** A scenario's row of the form: its fields are `s<row>_<name>`. */
export const scenarioFields = ['label', 'country_code', 'entry_date', 'claims'] as const;
export const maxScenarios = 20;

const fieldLabels: Record<(typeof scenarioFields)[number], string> = {
  label: 'Label',
  country_code: 'Origin (ISO code)',
  entry_date: 'Entry date',
  claims: 'Claims',
};

function input(form: FormState, name: string, label: string, extra: Html = html``): Html {
  const id = `sim-${name}`;
  const problem = form.fields[name];
  return html`<div>
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${name}"
      type="text"
      value="${form.values[name] ?? ''}"
      ${problem ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''}
      ${extra}
    />
    ${problem ? html`<p class="field-error" id="${id}-error">${label}: ${problem}.</p>` : ''}
  </div>`;
}

/** As many rows as were filled, and one more (at least three, at most twenty). */
export function scenarioRows(form: FormState): number {
  let filled = 0;
  for (let row = 0; row < maxScenarios; row++)
    if (scenarioFields.some((name) => form.values[`s${row}_${name}`])) filled = row + 1;
  return Math.min(maxScenarios, Math.max(3, filled + 1));
}

function scenarioRow(form: FormState, row: number): Html {
  return html`<fieldset class="scenario">
    <legend>Scenario ${row + 1}</legend>
    ${input(form, `s${row}_label`, fieldLabels.label)}
    ${input(form, `s${row}_country_code`, fieldLabels.country_code, html`maxlength="2" autocomplete="off"`)}
    ${input(form, `s${row}_entry_date`, fieldLabels.entry_date, html`placeholder="YYYY-MM-DD" inputmode="numeric"`)}
    ${input(form, `s${row}_claims`, fieldLabels.claims, html`placeholder="special_program=S; steel_content_value=1200"`)}
  </fieldset>`;
}

function simulatorForm(visitor: Visitor, form: FormState): Html {
  const rows = scenarioRows(form);
  const mode = form.values.mode ?? '';
  return html`<form method="post" action="/tools/pro/simulator" class="simulator" novalidate>
    ${csrfField(visitor)} ${formError(form)}
    <div class="grid">
      ${input(form, 'hts_code', 'HTS number', html`required autocomplete="off" placeholder="6109.10.0012"`)}
      ${input(form, 'declared_value', 'Declared value (USD)', html`required inputmode="decimal"`)}
      <div>
        <label for="sim-mode">Transport mode</label>
        <select id="sim-mode" name="mode">
          <option value="">Not given</option>
          ${transportModes.map((m) => html`<option value="${m}" ${m === mode ? 'selected' : ''}>${m}</option>`)}
        </select>
      </div>
    </div>
    <p class="muted">
      Each scenario with an origin is priced; leave a row empty to skip it. Claims as in a bulk file: a code, or
      <code>code=value</code>, separated by <code>;</code>. Submitting adds a row, up to ${maxScenarios}.
    </p>
    <div class="scenarios">${Array.from({ length: rows }, (_, row) => scenarioRow(form, row))}</div>
    <button type="submit">Compare scenarios</button>
  </form>`;
}

const scenarioName = (s: Pick<Scenario, 'index' | 'label'>): string => s.label ?? `Scenario ${s.index + 1}`;
const signed = (amount: number | null): string =>
  amount === null ? 'unresolved' : amount > 0 ? `+${usd(amount)}` : amount < 0 ? `−${usd(-amount)}` : usd(0);

/** The scenarios side by side, best first: one column a scenario, one row a figure. */
function comparison(simulation: Simulation): Html {
  const byRank = [...simulation.scenarios].sort((a, b) => a.rank - b.rank);
  // The calculator's own components and differences, never a sum made here.
  const stack = (s: Scenario): Html =>
    html`<ul class="plain">
      ${s.result.components
        .filter((c) => c.status !== 'suppressed')
        .map(
          (c) =>
            html`<li>
              ${c.program}${c.heading ? html` <span class="muted">${c.heading}</span>` : ''}: ${usd(c.amount)}
            </li>`,
        )}
    </ul>`;
  const byProgram = (s: Scenario): string =>
    s.difference.programs
      .filter((p) => p.amount !== 0)
      .map((p) => `${p.family.replace(/_/g, ' ')} ${signed(p.amount)}`)
      .join('; ') || '—';
  const row = (label: string, cell: (s: Scenario) => Html | string) =>
    html`<tr>
      <th scope="row">${label}</th>
      ${byRank.map((s) => html`<td data-label="${scenarioName(s)}">${cell(s)}</td>`)}
    </tr>`;
  return html`<section class="compared" aria-labelledby="compared-h">
    <h2 id="compared-h">Compared, lowest landed duty first</h2>
    <ol class="ranking">
      ${simulation.ranking.map(
        (r) =>
          html`<li>
            <strong>${scenarioName(r)}</strong>:
            ${r.landed_duty === null ? html`<span class="badge unresolved">unresolved</span> ${r.reason}` : usd(r.landed_duty)}
          </li>`,
      )}
    </ol>
    <div class="table-scroll">
      <table class="compare">
        <caption class="muted">
          HTS ${simulation.hts_code}, declared value ${usd(simulation.declared_value)}; rules
          ${simulation.rules_version}
        </caption>
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            ${byRank.map((s) => html`<th scope="col">${s.rank}. ${scenarioName(s)}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${row('Origin', (s) => `${s.result.country.name} (${s.result.country.code})`)}
          ${row('Entry date', (s) => s.result.entry_date)}
          ${row('Claims', (s) => (s.claims.length === 0 ? '—' : s.claims.map((c) => c.code).join(', ')))}
          ${row('Duty stack', stack)} ${row('Total duty', (s) => usd(s.result.total_duty_amount))}
          ${row('MPF and HMF', (s) => usd(s.result.fees.total))}
          ${row('Landed duty', (s) => html`<strong>${usd(s.landed_duty)}</strong>`)}
          ${row('Against the first', (s) => signed(s.difference.landed_duty))} ${row('By program', byProgram)}
          ${row('Not resolved', (s) =>
            s.result.unresolved.length === 0
              ? '—'
              : s.result.unresolved.map((u) => `${u.component}: ${u.reason}`).join('; '),
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}

export function simulatorPage(visitor: Visitor, form: FormState, simulation: Simulation | null): Html {
  return proPage(
    visitor,
    'Simulator',
    html`<h1>Duty simulator</h1>
      <p class="muted">
        One product under several scenarios (origin, entry date, claims), each priced by the calculator with the
        schedule and rules in force on its date, as <code>POST /api/tariff/simulations</code> prices them. An unresolved
        landed duty is never counted as zero: it ranks last, with the reason.
      </p>
      ${simulatorForm(visitor, form)} ${simulation ? comparison(simulation) : ''}`,
  );
}
