import type { Agenda } from 'agenda';
import type { AutoSendReport, EdiAutoSend } from '../domain/edi';

export const ediAutoSendJobName = 'edi.auto-send';

/**
 * Every 30 seconds: the documents partners subscribe to (`auto_send`) for the shipment and
 * invoice events written since, from the outbox (docs/edi.md, "Sending automatically").
 */
export async function defineEdiAutoSendJob(
  agenda: Pick<Agenda, 'define' | 'every'>,
  deps: { autoSend: EdiAutoSend; onReport?: (report: AutoSendReport) => void },
) {
  agenda.define(
    ediAutoSendJobName,
    async () => {
      const report = await deps.autoSend.run();
      if (report.sent.length > 0) deps.onReport?.(report);
    },
    { concurrency: 1, lockLimit: 1 },
  );
  await agenda.every('30 seconds', ediAutoSendJobName);
}
