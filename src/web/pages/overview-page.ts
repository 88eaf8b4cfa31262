import type { BucketUsage } from '../../domain/access';
import type { PlanName } from '../../domain/shared';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, page } from './layout';

export const planLabels: Record<PlanName, string> = { free: 'Free', tariff_pro: 'Tariff Pro', business: 'Business' };

const bucketLabels: Record<string, string> = {
  tariff: 'Tariff calculations and AI HTS searches',
  load_planner: 'Load plans',
  parcel: 'Parcel quotes',
  hts_lookup: 'HTS line lookups',
};

function until(resetAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((resetAt.getTime() - now.getTime()) / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

function usageRow(row: BucketUsage, now: Date): Html {
  const label = bucketLabels[row.bucket] ?? row.bucket;
  if (row.limit === null)
    return html`<tr>
      <th scope="row">${label}</th>
      <td>${row.used} today</td>
      <td colspan="2">Unlimited on your plan</td>
    </tr>`;
  const share = Math.min(100, Math.round((row.used / row.limit) * 100));
  return html`<tr>
    <th scope="row">${label}</th>
    <td>${row.used} of ${row.limit}</td>
    <td>
      <div
        class="meter ${row.used >= row.limit ? 'full' : ''}"
        role="meter"
        aria-label="${label} used today"
        aria-valuemin="0"
        aria-valuemax="${row.limit}"
        aria-valuenow="${row.used}"
      >
        <span class="w${share}"></span>
      </div>
    </td>
    <td>Resets 00:00 UTC, in ${until(row.resetAt, now)}</td>
  </tr>`;
}

export interface OverviewData {
  usage: BucketUsage[];
  creditBalance: string;
  activeKeys: number;
  now: Date;
  /** Whether this server takes payments in the session's mode (Stripe keys configured). */
  billingEnabled: boolean;
  /** Why the last billing action did nothing (Stripe did not answer, a subscription exists…). */
  notice?: string;
}

/** Upgrade (Free) or manage billing (a paid plan) through Stripe; only the provider's events change the plan. */
export function billingAction(visitor: Visitor, plan: string, enabled: boolean): Html {
  if (plan === 'business') return html`<p class="muted">Business plans are arranged with Tradelane.</p>`;
  if (!enabled) return html`<p class="muted">Payments are not configured on this server (docs/billing.md).</p>`;
  return plan === 'free'
    ? html`<form method="post" action="/dashboard/billing/upgrade">
        ${csrfField(visitor)}
        <button type="submit">Upgrade to Tariff Pro: 199 USD a month</button>
      </form>`
    : html`<form method="post" action="/dashboard/billing/portal">
        ${csrfField(visitor)}
        <button type="submit">Manage billing</button>
      </form>`;
}

export function overviewPage(visitor: Visitor, data: OverviewData): Html {
  const signedIn = visitor.signedIn!;
  const mode = signedIn.session.mode;
  return page(
    visitor,
    'Overview',
    html`<h1>Overview</h1>
      ${data.notice ? html`<div class="notice error" role="alert">${data.notice}</div>` : ''}
      ${
        mode === 'test'
          ? html`<div class="notice warn">
              You are viewing <strong>test</strong> data: test keys answer with sample data and never touch live
              shipments. Switch to Live in the header for your live keys.
            </div>`
          : ''
      }
      <div class="grid">
        <section class="card" aria-labelledby="plan-h">
          <h2 id="plan-h">Plan</h2>
          <p><strong>${planLabels[signedIn.account.plan]}</strong></p>
          ${billingAction(visitor, signedIn.account.plan, data.billingEnabled)}
        </section>
        <section class="card" aria-labelledby="credits-h">
          <h2 id="credits-h">Tracking credits</h2>
          <p><strong>${data.creditBalance}</strong> credits</p>
          <p class="muted">One credit tracks one container; test mode uses none.</p>
        </section>
        <section class="card" aria-labelledby="keys-h">
          <h2 id="keys-h">API keys</h2>
          <p><strong>${data.activeKeys}</strong> active ${mode} key${data.activeKeys === 1 ? '' : 's'}</p>
          <p><a href="/settings/integrations">Manage keys</a></p>
        </section>
      </div>
      <section class="card" aria-labelledby="usage-h">
        <h2 id="usage-h">Today's usage</h2>
        <p class="muted">Counted per account across live and test keys, per UTC day.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Daily limit</th>
              <th scope="col">Used</th>
              <th scope="col">Share</th>
              <th scope="col">Reset</th>
            </tr>
          </thead>
          <tbody>
            ${data.usage.map((row) => usageRow(row, data.now))}
          </tbody>
        </table>
      </section>`,
  );
}
