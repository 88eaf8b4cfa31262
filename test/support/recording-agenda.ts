import type { Agenda } from 'agenda';

/**
 * Stands in for Agenda's public API as job definitions use it (define, every), so a test can check
 * what a job registers and run its processor on demand, in step with the TestClock. (A real Agenda
 * leaves a liveness timer of half the job's lock lifetime pending after each run.)
 */
export function recordingAgenda() {
  const defined = new Map<string, { processor: () => Promise<void>; options: unknown }>();
  const scheduled: Array<{ interval: string | number; name: string | string[] }> = [];
  const agenda = {
    define: (name: string, processor: () => Promise<void>, options?: unknown) =>
      void defined.set(name, { processor, options }),
    every: async (interval: string | number, name: string | string[]) => {
      scheduled.push({ interval, name });
      return [] as never;
    },
  };
  const run = async (name: string) => {
    const job = defined.get(name);
    if (!job) throw new Error(`no job ${name} was defined`);
    await job.processor();
  };
  return { agenda: agenda as unknown as Pick<Agenda, 'define' | 'every'>, defined, scheduled, run };
}
