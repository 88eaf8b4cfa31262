import type { EdiInterchange } from './interchange';
import { newOutboxEvent, type OutboxEvent } from '../shared';

export type EdiInterchangeEventType =
  | 'edi.interchange.received'
  | 'edi.interchange.rejected'
  | 'edi.interchange.sent'
  | 'edi.interchange.acknowledged'
  | 'edi.interchange.ack_overdue';

/** An `edi.interchange.*` event: `data.object` is the interchange as the API shows it, without its text. */
export function interchangeEvent(
  type: EdiInterchangeEventType,
  interchange: EdiInterchange,
  present: (interchange: EdiInterchange) => unknown,
  now: number,
): OutboxEvent {
  return newOutboxEvent(
    type,
    {
      accountId: interchange.accountId,
      livemode: interchange.livemode,
      subjectType: 'edi_interchange',
      subjectId: interchange.id,
      data: { object: present({ ...interchange, raw: null }) },
    },
    now,
  );
}
