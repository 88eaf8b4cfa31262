import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { OutboxEventRepository } from '../db/repositories/outbox-event.repository';
import { ProductRepository } from '../db/repositories/product.repository';
import type { TariffServices } from '../handlers/services';
import type { HtsRelease } from '../domain/hts';
import { releaseImpactEvents } from '../domain/products';
import type { Clock } from '../domain/shared';
import { dutyPricer } from '../domain/tariff';

/**
 * What a new newest HTS release does to every catalogue, as `tariff.impact` events: priced by the
 * engine in memory once the release is in (after its import committed, so the alerts' own
 * `tariff.changed` events are untouched). The first release has nothing before it and the rules
 * may still be loading: neither has an impact to tell.
 */
export function releaseImpactNotifier(
  knex: Knex,
  tariff: TariffServices,
  clock: Clock,
  logger: Logger,
): (release: HtsRelease) => Promise<void> {
  return async (release) => {
    if (!tariff.rules.isLoaded() || !(await tariff.hts.stores.releases.newestBefore(release))) return;
    const pricer = dutyPricer({
      lines: tariff.lines,
      rules: tariff.rules.current(),
      today: () => release.effectiveDate,
    });
    const events = await releaseImpactEvents(
      new ProductRepository(knex),
      { id: release.id, title: release.title, effectiveDate: release.effectiveDate },
      pricer,
      clock.now().getTime(),
    );
    await new OutboxEventRepository(knex).append(events);
    logger.info({ release: release.id, events: events.length }, 'tariff impact events written');
  };
}
