import type { EdiInterchange } from './interchange';
import { interchangeEvent } from './interchange-events';
import type { EdiInterchangeStore } from './interchange-ports';

export interface EdiAcknowledgementWatchDeps {
  interchanges: Pick<EdiInterchangeStore, 'awaitingSince' | 'markOverdue'>;
  clock: () => number;
  present: (interchange: EdiInterchange) => unknown;
  /** How long a partner has to acknowledge what we sent (EDI_ACK_OVERDUE_HOURS). */
  overdueAfterMs: number;
}

/** Rows read per batch: a backlog is worked through in bounded reads. */
const batchSize = 200;

/**
 * Documents we sent whose 997/CONTRL has not come within the setting become `ack_overdue`, each
 * with `edi.interchange.ack_overdue`; an acknowledgement arriving later still records its verdict.
 */
export class EdiAcknowledgementWatch {
  constructor(private readonly deps: EdiAcknowledgementWatchDeps) {}

  /** The number marked overdue in this run. */
  async markOverdue(): Promise<number> {
    const now = this.deps.clock();
    const cutoff = now - this.deps.overdueAfterMs;
    let marked = 0;
    for (;;) {
      const due = await this.deps.interchanges.awaitingSince(cutoff, batchSize);
      for (const interchange of due) {
        const overdue: EdiInterchange = { ...interchange, status: 'ack_overdue' };
        const event = interchangeEvent('edi.interchange.ack_overdue', overdue, this.deps.present, now);
        if (await this.deps.interchanges.markOverdue(overdue, [event])) marked++;
      }
      if (due.length < batchSize) return marked;
    }
  }
}
