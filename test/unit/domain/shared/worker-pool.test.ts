import path from 'node:path';
import { DomainError, WorkerOutOfMemoryError, WorkerPool } from '../../../../src/domain/shared';
import type { Task } from '../../../fixtures/workers/task-worker';

const filename = path.join(__dirname, '../../../fixtures/workers/task-worker.ts');

describe('WorkerPool', () => {
  it('answers each task from a worker thread and carries a worker error back', async () => {
    const pool = new WorkerPool<Task, number>({ filename, threads: 2 });
    try {
      await expect(Promise.all([1, 2, 3].map((value) => pool.run({ kind: 'echo', value })))).resolves.toEqual([
        2, 4, 6,
      ]);
      await expect(pool.run({ kind: 'throw' })).rejects.toThrow('task failed');
    } finally {
      await pool.close();
    }
  });

  it('refuses a task past threads + queue at once with the busy error, and takes work again after', async () => {
    const pool = new WorkerPool<Task, number>({ filename, threads: 1, maxQueue: 1 });
    try {
      const running = [pool.run({ kind: 'wait', ms: 300 }), pool.run({ kind: 'wait', ms: 10 })];
      const refused = pool.run({ kind: 'echo', value: 1 });
      await expect(refused).rejects.toBeInstanceOf(DomainError);
      await expect(refused).rejects.toMatchObject({ kind: 'busy' });
      await expect(Promise.all(running)).resolves.toEqual([300, 10]);
      await expect(pool.run({ kind: 'echo', value: 4 })).resolves.toBe(8);
    } finally {
      await pool.close();
    }
  });

  it('starts waiting tasks in the order they came (a task that found the thread busy is not sent behind later ones)', async () => {
    const pool = new WorkerPool<Task, number>({ filename, threads: 1 });
    try {
      const finished: number[] = [];
      const waits = [21, 22, 23, 24, 25, 26, 27, 28];
      await Promise.all(waits.map((ms) => pool.run({ kind: 'wait', ms }).then((answer) => finished.push(answer))));
      expect(finished).toEqual(waits);
    } finally {
      await pool.close();
    }
  });

  it('uses the busy error the caller names', async () => {
    class Busy extends Error {}
    const pool = new WorkerPool<Task, number>({ filename, threads: 1, maxQueue: 0, busyError: () => new Busy() });
    try {
      const running = pool.run({ kind: 'wait', ms: 100 });
      await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(Busy);
      await running;
    } finally {
      await pool.close();
    }
  });

  it('stops a task on abort', async () => {
    const pool = new WorkerPool<Task, number>({ filename, threads: 1 });
    try {
      const controller = new AbortController();
      const waiting = pool.run({ kind: 'wait', ms: 10_000 }, controller.signal);
      setTimeout(() => controller.abort(), 50);
      await expect(waiting).rejects.toThrow(/abort/i);
      await expect(pool.run({ kind: 'echo', value: 5 })).resolves.toBe(10);
    } finally {
      await pool.close();
    }
  });

  it('ends a worker that passes its heap limit, not the process, and keeps serving', async () => {
    const pool = new WorkerPool<Task, number>({ filename, threads: 1, resourceLimits: { maxOldGenerationSizeMb: 32 } });
    try {
      await expect(pool.run({ kind: 'hog' })).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
      await expect(pool.run({ kind: 'echo', value: 21 })).resolves.toBe(42);
    } finally {
      await pool.close();
    }
  });
});
