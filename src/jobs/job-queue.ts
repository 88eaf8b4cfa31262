import type { Agenda } from 'agenda';

/** A job saved to run as soon as a worker takes it. */
export interface QueuedJob {
  /** Agenda's id of the saved job (its row in agenda_jobs). */
  id: string;
  name: string;
  /** Epoch milliseconds. */
  runAt: number;
}

/** What the HTTP side needs of the scheduler: put a job in the queue, whoever runs it. */
export interface JobQueue {
  /** `data` is the job's own (the Agenda job's attrs.data). */
  runNow(name: string, data?: Record<string, unknown>): Promise<QueuedJob>;
}

/**
 * Enqueues through an Agenda on our database. The Agenda need not be started: the job is a row in
 * agenda_jobs, so a worker in another process finds it at its next poll, and a worker started on
 * this same Agenda is woken at once. `agendaOf` is called at the first enqueue, so a process (or a
 * test) that never enqueues never connects one.
 */
export function agendaJobQueue(agendaOf: () => Agenda): JobQueue {
  let agenda: Agenda | undefined;
  return {
    async runNow(name, data) {
      agenda ??= agendaOf();
      const job = await agenda.now(name, data);
      return { id: String(job.attrs._id), name, runAt: (job.attrs.nextRunAt ?? new Date()).getTime() };
    },
  };
}
