import type { Database } from '../knex';
import type { QuotaCounterStore } from '../../domain/access';

/**
 * Daily counters taken by one conditional upsert each, so concurrent calls from any number of
 * processes never pass the limit and no call reads before it writes.
 */
export class QuotaCounterRepository implements QuotaCounterStore {
  constructor(private readonly db: Database) {}

  async take(subject: string, bucket: string, day: string, limit: number): Promise<number | null> {
    if (this.db.dialect === 'sqlite') {
      const rows = (await this.db.knex.raw(
        `insert into quota_counters (subject, bucket, window_start, used) values (?, ?, ?, 1)
         on conflict (subject, bucket, window_start) do update set used = used + 1 where used < ?
         returning used`,
        [subject, bucket, day, limit],
      )) as Array<{ used: number }>;
      return rows.length > 0 ? Number(rows[0].used) : null;
    }
    // MySQL has no RETURNING here: LAST_INSERT_ID(expr) carries the new count back in the OK packet,
    // or 0 when the row was already full (the row itself is then left as it was).
    const [result] = (await this.db.knex.raw(
      `insert into quota_counters (subject, bucket, window_start, used) values (?, ?, ?, last_insert_id(1))
       on duplicate key update used = if(used < ?, last_insert_id(used + 1), used + 0 * last_insert_id(0))`,
      [subject, bucket, day, limit],
    )) as [{ insertId: number }];
    return result.insertId > 0 ? Number(result.insertId) : null;
  }

  async usedIn(subject: string, window: string): Promise<Map<string, number>> {
    const rows = (await this.db
      .knex('quota_counters')
      .where({ subject, window_start: window })
      .select('bucket', 'used')) as Array<{
      bucket: string;
      used: number;
    }>;
    return new Map(rows.map((row) => [row.bucket, Number(row.used)]));
  }

  async forgetBefore(subject: string, bucket: string, window: string): Promise<void> {
    await this.db.knex('quota_counters').where({ subject, bucket }).andWhere('window_start', '<', window).delete();
  }

  async giveBack(subject: string, bucket: string, day: string): Promise<void> {
    await this.db
      .knex('quota_counters')
      .where({ subject, bucket, window_start: day })
      .andWhere('used', '>', 0)
      .decrement('used', 1);
  }
}
