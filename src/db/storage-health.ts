import type { Database } from './knex';

/**
 * Whether a database error says its storage is full: nothing more can be written until space is
 * freed, while reads still work. SQLite: SQLITE_FULL ("database or disk is full"). MySQL/MariaDB:
 * ER_RECORD_FILE_FULL (1114, "The table is full", InnoDB's answer when its tablespace cannot grow),
 * ER_DISK_FULL (1021), or OS error 28 (ENOSPC) inside a write error.
 */
export function isStorageFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno, message } = error as { code?: unknown; errno?: unknown; message?: unknown };
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || errno === 1114 || errno === 1021) return true;
  return typeof message === 'string' && /No space left on device|\(errno: 28\b|Errcode: 28\b/.test(message);
}

/** A probe row of quota_counters, written and deleted to learn whether writes work again. */
const PROBE = { subject: '~storage-probe', bucket: 'storage-probe', window_start: '0', used: 0 };

/**
 * The database's storage as this process last saw it. Every query that fails on full storage marks
 * it full (a knex query-error listener, so requests and jobs alike); readiness then reports it, and
 * clears it once a probe write succeeds.
 */
export class StorageHealth {
  private fullSince: Date | null = null;

  constructor(private readonly db: Database) {
    db.knex.on('query-error', (error: unknown) => {
      if (isStorageFull(error)) this.fullSince ??= new Date();
    });
  }

  /** When storage was first seen full, or null while writes work. Probes a write when it was full. */
  async fullAt(): Promise<Date | null> {
    if (this.fullSince === null) return null;
    // Two statements, no transaction: SQLite rolls a transaction back itself on SQLITE_FULL, and
    // knex's ROLLBACK after it would fail with another error.
    try {
      await this.db.knex('quota_counters').insert(PROBE);
      await this.db.knex('quota_counters').where({ subject: PROBE.subject, bucket: PROBE.bucket }).delete();
      this.fullSince = null;
    } catch (error) {
      if (!isStorageFull(error)) throw error;
    }
    return this.fullSince;
  }
}
