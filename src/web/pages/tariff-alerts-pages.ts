import type { TariffAlert } from '../../domain/hts';
import type { components } from '../../generated/api';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError } from './layout';
import { generalPercent, rateHistoryChart } from './rate-history-chart';
import { proPage } from './tariff-pro-layout';
import { utcTime } from './times';
import { noneYet } from './work-pages';

type History = components['schemas']['HtsLineHistory'];

function alertField(form: FormState, name: string, label: string, hint: string): Html {
  const id = `alert-${name}`;
  const problem = form.fields[name];
  return html`<div>
    <label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${name}"
      type="text"
      value="${form.values[name] ?? ''}"
      autocomplete="off"
      aria-describedby="${id}-hint${problem ? html` ${id}-error` : ''}"
      ${problem ? html`aria-invalid="true"` : ''}
    />
    <p class="muted" id="${id}-hint">${hint}</p>
    ${problem ? html`<p class="field-error" id="${id}-error">${label}: ${problem}.</p>` : ''}
  </div>`;
}

/** The account's alerts of the session's mode, a form for a new one, and a delete button each. */
export function alertsPage(visitor: Visitor, alerts: TariffAlert[], form: FormState, olderHref: string | null): Html {
  return proPage(
    visitor,
    'Alerts',
    html`<h1>Tariff alerts</h1>
      <p class="muted">
        When a newly imported HTS release changes a line under a watched prefix, a <code>tariff.changed</code> event is
        recorded for the account (sent to your <a href="/developers/webhooks">webhook endpoints</a>), as
        <code>POST /api/tariff/alerts</code> subscribes.
      </p>
      <section class="card" aria-labelledby="new-alert-h">
        <h2 id="new-alert-h">Watch HTS codes</h2>
        ${formError(form)}
        <form method="post" action="/tools/pro/alerts">
          ${csrfField(visitor)}
          ${alertField(form, 'hts_prefixes', 'HTS prefixes', '2 to 10 digits, dotted or not, separated by spaces or commas.')}
          ${alertField(form, 'countries', 'Countries (optional)', 'ISO codes carried into the event, such as CN VN.')}
          <button type="submit">Create alert</button>
        </form>
      </section>
      <section aria-labelledby="alerts-h">
        <h2 id="alerts-h">Alerts</h2>
        ${
          alerts.length === 0
            ? noneYet(visitor, 'alerts')
            : html`<div class="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Watches</th>
                      <th scope="col">Countries</th>
                      <th scope="col">Created</th>
                      <th scope="col"><span class="visually-hidden">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    ${alerts.map(
                      (alert) =>
                        html`<tr>
                          <td>
                            ${alert.htsPrefixes.map(
                              (prefix) =>
                                html`<a href="/tools/pro/history?hts_code=${prefix}"><code>${prefix}</code></a> `,
                            )}
                          </td>
                          <td>${alert.countries.join(' ') || '—'}</td>
                          <td>${utcTime(alert.createdAt)}</td>
                          <td>
                            <form method="post" action="/tools/pro/alerts/${alert.id}/delete">
                              ${csrfField(visitor)}
                              <button class="secondary" type="submit">
                                Delete <span class="visually-hidden">alert on ${alert.htsPrefixes.join(' ')}</span>
                              </button>
                            </form>
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
        }
        ${olderHref ? html`<p><a href="${olderHref}">More alerts</a></p>` : ''}
      </section>`,
  );
}

/** A line's rate across releases: the chart of its general rate, then every release's texts. */
export function historyPage(
  visitor: Visitor,
  code: string,
  found: { history: History; today: string } | { message: string } | null,
): Html {
  return proPage(
    visitor,
    'Rate history',
    html`<h1>Rate history</h1>
      <form method="get" action="/tools/pro/history" class="inline">
        <label for="history-code">HTS number</label>
        <input
          id="history-code"
          name="hts_code"
          type="text"
          value="${code}"
          autocomplete="off"
          placeholder="6109.10.0012"
        />
        <button type="submit">Show history</button>
      </form>
      ${
        found === null
          ? html`<p class="muted">
              The line in every imported release that has it, as GET /api/tariff/hts/{code}/history answers.
            </p>`
          : 'message' in found
            ? html`<div class="notice error" role="alert">${found.message}</div>`
            : html`${rateHistoryChart(found.history.hts_code, found.history.entries, found.today)}
                <div class="table-scroll">
                  <table>
                    <caption class="muted">
                      Each release holding ${found.history.hts_code}, oldest first
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">In force</th>
                        <th scope="col">Release</th>
                        <th scope="col">General</th>
                        <th scope="col">Special</th>
                        <th scope="col">Column 2</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${found.history.entries.map(
                        (entry) =>
                          html`<tr>
                            <td>${entry.valid_from} to ${entry.valid_to ?? 'now'}</td>
                            <td>${entry.release.title}</td>
                            <td>
                              ${entry.rates.general ?? '—'}
                              ${entry.rates.general !== null && generalPercent(entry) === null ? html`<span class="muted block">not one percentage: not drawn</span>` : ''}
                            </td>
                            <td>${entry.rates.special ?? '—'}</td>
                            <td>${entry.rates.other ?? '—'}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>
                </div>`
      }`,
  );
}
