import type { HtsChange, HtsChangeSet } from './hts-change';
import { htsChangeView, htsReleaseRef } from './hts-change-view';
import type { OutboxEvent } from './hts-ports';
import type { HtsRelease } from './model';
import { TariffAlert, tariffAlertView } from './tariff-alert';
import { newId } from '../shared';

export const tariffChangedEventType = 'tariff.changed';
/** An event names at most this many changes; the rest are in the change set (the changes feed). */
export const maxChangesPerEvent = 200;

/**
 * A change concerns a watched prefix when it is under it, or when it is on an ancestor of it:
 * a watched 10-digit line inherits its rate from the line above it, so a rate change there is a
 * change to the watched line too. Countries do not narrow HTS line changes: a schedule line's
 * rates apply to every origin; they are carried into the event for the receiver.
 */
export function changeConcernsPrefix(code: string, prefix: string): boolean {
  return code.startsWith(prefix) || prefix.startsWith(code);
}

export interface ChangeSetContext {
  changeSet: HtsChangeSet;
  release: HtsRelease;
  previousRelease: HtsRelease;
  changes: HtsChange[];
}

/** One tariff.changed event per alert that the change set concerns, naming its changes. */
export function tariffChangedEvents(alerts: TariffAlert[], context: ChangeSetContext): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const alert of alerts) {
    const matched = context.changes.filter((change) =>
      alert.htsPrefixes.some((prefix) => changeConcernsPrefix(change.code, prefix)),
    );
    if (matched.length === 0) continue;
    events.push({
      id: newId('evt', context.changeSet.createdAt),
      type: tariffChangedEventType,
      accountId: alert.accountId,
      livemode: alert.livemode,
      createdAt: context.changeSet.createdAt,
      data: {
        object: tariffAlertView(alert),
        alert_id: alert.id,
        hts_prefixes: alert.htsPrefixes,
        countries: alert.countries,
        change_set_id: context.changeSet.id,
        release: htsReleaseRef(context.release),
        previous_release: htsReleaseRef(context.previousRelease),
        change_count: matched.length,
        changes_truncated: matched.length > maxChangesPerEvent,
        changes: matched.slice(0, maxChangesPerEvent).map(htsChangeView),
      },
    });
  }
  return events;
}
