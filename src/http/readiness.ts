import type { Database } from '../db/knex';
import { pendingMigrations } from '../db/migrate';
import type { StorageHealth } from '../db/storage-health';

export interface CheckOutcome {
  ok: boolean;
  detail?: string;
}

export interface ReadinessCheck {
  name: string;
  run(): Promise<CheckOutcome>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Array<{ name: string } & CheckOutcome>;
}

/** Runs every check; the service is ready only when all pass. Checks add themselves as capabilities do. */
export class Readiness {
  private readonly checks: ReadinessCheck[] = [];

  add(check: ReadinessCheck): this {
    this.checks.push(check);
    return this;
  }

  async report(): Promise<ReadinessReport> {
    const checks = await Promise.all(
      this.checks.map(async (check) => {
        try {
          return { name: check.name, ...(await check.run()) };
        } catch (error) {
          return { name: check.name, ok: false, detail: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    return { ready: checks.every((check) => check.ok), checks };
  }
}

export function databaseReachable(db: Database): ReadinessCheck {
  return {
    name: 'database',
    async run() {
      try {
        await db.knex.raw('select 1');
        return { ok: true };
      } catch {
        // The driver's message can carry host names and users: keep it in the logs only.
        return { ok: false, detail: 'database unreachable' };
      }
    },
  };
}

export function migrationsApplied(db: Database): ReadinessCheck {
  let confirmed = false; // a running process never loses applied migrations, so one success is enough
  return {
    name: 'migrations',
    async run() {
      if (confirmed) return { ok: true };
      const pending = await pendingMigrations(db);
      confirmed = pending.length === 0;
      return confirmed ? { ok: true } : { ok: false, detail: `${pending.length} migration(s) pending` };
    },
  };
}

/** Fails while the database's storage is full: reads are served, writes answer 503 until space is freed. */
export function storageWritable(storage: StorageHealth): ReadinessCheck {
  return {
    name: 'storage',
    async run() {
      const since = await storage.fullAt();
      if (since === null) return { ok: true };
      return {
        ok: false,
        detail: `the database's storage is full since ${since.toISOString()}: writes are refused (503) until space is freed`,
      };
    },
  };
}
