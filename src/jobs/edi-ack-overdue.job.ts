import type { Agenda } from 'agenda';
import type { EdiAcknowledgementWatch } from '../domain/edi';

export const ediAckOverdueJobName = 'edi.ack-overdue';

/**
 * Every 15 minutes: documents we sent a partner that still await their 997/CONTRL past the
 * setting (EDI_ACK_OVERDUE_HOURS) become `ack_overdue`, each with `edi.interchange.ack_overdue`.
 */
export async function defineEdiAckOverdueJob(
  agenda: Pick<Agenda, 'define' | 'every'>,
  deps: { watch: EdiAcknowledgementWatch; onOverdue?: (count: number) => void },
) {
  agenda.define(
    ediAckOverdueJobName,
    async () => {
      const count = await deps.watch.markOverdue();
      if (count > 0) deps.onOverdue?.(count);
    },
    { concurrency: 1, lockLimit: 1 },
  );
  await agenda.every('15 minutes', ediAckOverdueJobName);
}
