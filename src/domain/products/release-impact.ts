import { type CatalogueImpact, catalogueImpact } from './catalogue-impact';
import { impactTotalsView, productImpactView } from './impact-view';
import type { ProductStore } from './ports';
import { newOutboxEvent, type OutboxEvent } from '../shared';
import type { DutyPricer } from '../tariff';

export const tariffImpactEventType = 'tariff.impact';
/** An event lists at most this many products, the largest impacts first; the report has them all. */
export const maxProductsPerEvent = 200;

/** The release a change came with, as the event names it. */
export interface ImpactRelease {
  id: string;
  title: string;
  effectiveDate: string;
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

function impactEvent(
  scope: { accountId: string; livemode: boolean },
  release: ImpactRelease,
  impact: CatalogueImpact,
  now: number,
): OutboxEvent {
  const affected = impact.products.filter((p) => p.status === 'increased' || p.status === 'decreased');
  return newOutboxEvent(
    tariffImpactEventType,
    {
      accountId: scope.accountId,
      livemode: scope.livemode,
      data: {
        object: 'tariff_impact',
        release: { id: release.id, title: release.title, effective_date: release.effectiveDate },
        ...impactTotalsView(impact),
        affected_count: affected.length,
        products_truncated: affected.length > maxProductsPerEvent,
        products: affected.slice(0, maxProductsPerEvent).map((p) => productImpactView(p, impact.from, impact.to)),
      },
    },
    now,
  );
}

/**
 * A new HTS release's `tariff.impact` events: every catalogue priced by the duty engine on the day
 * before the release takes effect and on its first day, one event per account and mode whose
 * products' duty changes, naming the products affected with their dollar figures (and counting
 * those the engine cannot price on a side).
 */
export async function releaseImpactEvents(
  store: ProductStore,
  release: ImpactRelease,
  pricer: DutyPricer,
  now: number,
): Promise<OutboxEvent[]> {
  const before = { pricer, date: dayBefore(release.effectiveDate) };
  const after = { pricer, date: release.effectiveDate };
  const events: OutboxEvent[] = [];
  for (const scope of await store.catalogues()) {
    const impact = await catalogueImpact(store.all(scope.accountId, scope.livemode), before, after);
    if (impact.counts.increased + impact.counts.decreased === 0) continue;
    events.push(impactEvent(scope, release, impact, now));
  }
  return events;
}
