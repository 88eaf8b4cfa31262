import { type Fragment, type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { page } from './layout';
import { billingAction, planLabels } from './overview-page';
import { subNavigation } from './sub-navigation';

const sections = [
  { href: '/tools/pro/simulator', label: 'Simulator' },
  { href: '/tools/pro/bulk', label: 'Bulk upload' },
  { href: '/tools/pro/calculations', label: 'Stored calculations' },
  { href: '/tools/pro/alerts', label: 'Alerts' },
  { href: '/tools/pro/history', label: 'Rate history' },
];

/** A Tariff Pro page: the section's own navigation above the page's content. */
export function proPage(visitor: Visitor, title: string, body: Fragment): Html {
  return page(visitor, title, html`${subNavigation(visitor, 'Tariff Pro', sections)} ${body}`);
}

/** What a plan without the tools sees (403): what Tariff Pro includes, and how to get it. */
export function proNotInPlanPage(visitor: Visitor, billingEnabled: boolean): Html {
  const { plan } = visitor.signedIn!.account;
  return page(
    visitor,
    'Tariff Pro',
    html`<h1>Tariff Pro</h1>
      <div class="notice" role="status">
        <p>These tools are part of Tariff Pro (and Business). Your account is on ${planLabels[plan]}.</p>
      </div>
      <section class="card" aria-labelledby="pro-includes">
        <h2 id="pro-includes">What Tariff Pro includes</h2>
        <ul>
          <li>
            <strong>Simulator</strong>: one product across up to 20 origins, entry dates and claims, side by side and
            ranked by landed duty.
          </li>
          <li>
            <strong>Bulk upload</strong>: up to 50,000 lines from a CSV or XLSX file, computed in the background, with
            the results as CSV, XLSX and a PDF duty report.
          </li>
          <li><strong>Stored calculations</strong> with their PDF duty reports.</li>
          <li><strong>Alerts</strong> on HTS lines, and each line's rate history across releases.</li>
          <li>
            Unlimited tariff calculations and AI HTS searches, on the API (<code>/api/tariff/…</code> on the tariff
            host) as here.
          </li>
        </ul>
        ${billingAction(visitor, plan, billingEnabled)}
        <p><a href="/dashboard">Your overview</a> shows your plan and today's usage.</p>
      </section>`,
  );
}
