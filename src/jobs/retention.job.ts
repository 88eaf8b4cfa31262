import type { Agenda } from 'agenda';
import type { Clock } from '../domain/shared';
import { pruneExpiredRecords, RetentionReport, RetentionStore } from '../domain/retention';

export const retentionJobName = 'retention.prune';

export interface RetentionJobDeps {
  store: RetentionStore;
  clock: Clock;
  onReport?: (report: RetentionReport) => void;
}

/** Registers the daily pruning of records kept for a period (domain/retention), one run at a time. */
export async function defineRetentionJob(agenda: Pick<Agenda, 'define' | 'every'>, deps: RetentionJobDeps) {
  agenda.define(
    retentionJobName,
    async () => {
      deps.onReport?.(await pruneExpiredRecords(deps.store, deps.clock));
    },
    { concurrency: 1, lockLimit: 1 },
  );
  await agenda.every('1 day', retentionJobName);
}
