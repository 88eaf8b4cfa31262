import { newId } from './ids';

/**
 * An event for webhook subscribers (`container.updated`, `container.eta_changed`…), written to the
 * outbox in the same transaction as the change it announces.
 */
export interface OutboxEvent {
  id: string;
  type: string;
  accountId: string | null;
  livemode: boolean;
  subjectType: string | null;
  subjectId: string | null;
  /** The resource as the API returns it, plus a changeset where the event type has one. */
  data: unknown;
  createdAt: number;
}

export function newOutboxEvent(
  type: string,
  fields: { accountId: string | null; livemode: boolean; subjectType?: string; subjectId?: string; data: unknown },
  now: number,
): OutboxEvent {
  return {
    id: newId('evt', now),
    type,
    accountId: fields.accountId,
    livemode: fields.livemode,
    subjectType: fields.subjectType ?? null,
    subjectId: fields.subjectId ?? null,
    data: fields.data,
    createdAt: now,
  };
}
