import { eventNaturalKey, milestoneKey, TimelineEvent } from './events';
import type { StoredTimelineEvent } from './model';

export interface TimelineMerge {
  /** The whole timeline after the merge, in no particular order. */
  events: StoredTimelineEvent[];
  insertedKeys: string[];
  /** Plans or estimates whose time or details the publisher revised. */
  updatedKeys: string[];
  retractedKeys: string[];
  /** Every event to write back: inserted, updated, retracted, or whose superseded flag moved. */
  changedKeys: string[];
}

const sameEvent = (a: TimelineEvent, b: TimelineEvent) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges a provider's answer into the stored timeline, idempotently: the same answer twice changes
 * nothing. Events are identified by their natural key; a revised estimate replaces the one it
 * revises (unless it is older), retractions hide the retracted event, and an actual supersedes the
 * plans and estimates of the same milestone (they stay, flagged, for history).
 */
export function mergeTimeline(
  stored: readonly StoredTimelineEvent[],
  incoming: readonly TimelineEvent[],
  retractedEventIds: readonly string[],
  now: number,
): TimelineMerge {
  const byKey = new Map(stored.map((s) => [s.key, { ...s }]));
  const insertedKeys: string[] = [];
  const updatedKeys: string[] = [];
  for (const event of incoming) {
    const key = eventNaturalKey(event);
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { key, event, superseded: false, retracted: false, firstSeenAt: now });
      insertedKeys.push(key);
    } else if (
      !sameEvent(existing.event, event) &&
      (event.eventCreatedAt ?? 0) >= (existing.event.eventCreatedAt ?? 0)
    ) {
      existing.event = event;
      existing.retracted = false;
      if (!insertedKeys.includes(key)) updatedKeys.push(key);
    }
  }
  const retracted = new Set(retractedEventIds);
  const retractedKeys: string[] = [];
  for (const entry of byKey.values()) {
    if (!entry.retracted && entry.event.providerEventId && retracted.has(entry.event.providerEventId)) {
      entry.retracted = true;
      retractedKeys.push(entry.key);
    }
  }
  const actualMilestones = new Set(
    [...byKey.values()].filter((e) => !e.retracted && e.event.classifier === 'ACT').map((e) => milestoneKey(e.event)),
  );
  const changed = new Set([...insertedKeys, ...updatedKeys, ...retractedKeys]);
  for (const entry of byKey.values()) {
    const superseded = entry.event.classifier !== 'ACT' && actualMilestones.has(milestoneKey(entry.event));
    if (superseded !== entry.superseded) changed.add(entry.key);
    entry.superseded = superseded;
  }
  return {
    events: [...byKey.values()],
    insertedKeys,
    updatedKeys: [...new Set(updatedKeys)],
    retractedKeys,
    changedKeys: [...changed],
  };
}

/** The events that count: not retracted. Superseded plans stay in the timeline but not in derivations. */
export function liveEvents(events: readonly StoredTimelineEvent[]): TimelineEvent[] {
  return events.filter((e) => !e.retracted && !e.superseded).map((e) => e.event);
}
