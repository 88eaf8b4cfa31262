import type { components } from '../../generated/api';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { usd } from './tariff-page';
import { proPage } from './tariff-pro-layout';
import { utcTime } from './times';
import { noneYet } from './work-pages';

type Stored = components['schemas']['StoredTariffCalculation'];

/** The account's stored calculations of the session's mode, newest first, each with its PDF duty report. */
export function storedCalculationsPage(visitor: Visitor, calculations: Stored[], olderHref: string | null): Html {
  return proPage(
    visitor,
    'Stored calculations',
    html`<h1>Stored calculations</h1>
      <p class="muted">
        Calculations your keys of this mode kept with <code>"store": true</code> on
        <code>POST /api/tariff/public/calculate</code>, as calculated then: a stored calculation does not change when
        the rules or the schedule do.
      </p>
      ${
        calculations.length === 0
          ? noneYet(visitor, 'stored calculations')
          : html`<div class="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Calculated</th>
                    <th scope="col">HTS</th>
                    <th scope="col">Origin</th>
                    <th scope="col">Entry date</th>
                    <th scope="col">Declared value</th>
                    <th scope="col">Total duty</th>
                    <th scope="col">Report</th>
                  </tr>
                </thead>
                <tbody>
                  ${calculations.map(
                    (c) =>
                      html`<tr>
                        <td>${utcTime(c.created_at)}</td>
                        <td>
                          <code>${c.result.hts_code}</code> <span class="muted block">${c.result.description}</span>
                        </td>
                        <td>${c.result.country.name} (${c.result.country.code})</td>
                        <td>${c.result.entry_date}</td>
                        <td class="num">${usd(c.result.declared_value)}</td>
                        <td class="num">
                          ${c.result.total_duty_amount === null ? html`<span class="badge unresolved">unresolved</span>` : usd(c.result.total_duty_amount)}
                        </td>
                        <td>
                          <a href="/tools/pro/calculations/${c.id}/pdf"
                            >PDF <span class="visually-hidden">of ${c.id}</span></a
                          >
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
            </div>`
      }
      ${olderHref ? html`<p><a href="${olderHref}">Older calculations</a></p>` : ''}`,
  );
}
