import { Agenda, InMemoryNotificationChannel } from 'agenda';
import type { Database } from '../db/knex';
import { KnexAgendaBackend } from './knex-agenda-backend';

export interface SchedulerOptions {
  db: Database;
  /** Recorded as lastModifiedBy on the jobs this worker saves and locks. */
  workerName: string;
  /** How often to look for due jobs saved by other processes. */
  pollIntervalMs: number;
  /** How long a lock holds before another worker may take the job over; also paces agenda's liveness checks. */
  lockLifetimeMs: number;
}

/**
 * An Agenda on our database. Call start() to process jobs, and always `await stop()`: agenda keeps liveness timers
 * of up to lockLifetimeMs / 2 running after its last job.
 */
export function createScheduler(options: SchedulerOptions): Agenda {
  return new Agenda({
    backend: new KnexAgendaBackend(options.db),
    name: options.workerName,
    processEvery: options.pollIntervalMs,
    defaultLockLifetime: options.lockLifetimeMs,
    // Wakes this worker as soon as this process saves a job due now, instead of at the next poll. Jobs saved by
    // other processes (MySQL only; SQLite is single-process) are found by polling.
    notificationChannel: new InMemoryNotificationChannel(),
  });
}
