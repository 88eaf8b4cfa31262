import type { Knex } from 'knex';
import type {
  BulkJob,
  BulkJobKind,
  BulkJobLine,
  BulkJobSource,
  BulkJobStatus,
  BulkJobStore,
  BulkLine,
  BulkLineOutput,
} from '../../domain/tariff';
import type { OutboxEvent, Page } from '../../domain/shared';
import { toBool, toNumber, toNumberOrNull } from '../row-values';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { OutboxEventRepository } from './outbox-event.repository';

const toJob = (row: Record<string, unknown>): BulkJob => ({
  id: String(row.id),
  accountId: String(row.account_id),
  livemode: toBool(row.livemode),
  kind: String(row.kind) as BulkJobKind,
  status: String(row.status) as BulkJobStatus,
  source: String(row.source) as BulkJobSource,
  linesTotal: toNumber(row.lines_total),
  linesDone: toNumber(row.lines_done),
  linesUnresolved: toNumber(row.lines_unresolved),
  errors: readJsonColumn<string[]>(row.errors),
  createdAt: toNumber(row.created_at),
  startedAt: toNumberOrNull(row.started_at),
  finishedAt: toNumberOrNull(row.finished_at),
  updatedAt: toNumber(row.updated_at),
});

/** Rows per INSERT statement: SQLite takes at most 500 terms in a compound SELECT (knex inserts rows as one). */
const insertBatch = 400;

/** Bulk jobs, their input lines and their computed lines (see the migration for the keys that keep a resume exact). */
export class BulkJobRepository implements BulkJobStore {
  constructor(private readonly knex: Knex) {}

  async insert(job: BulkJob, lines: BulkLine[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('bulk_jobs').insert({
        id: job.id,
        account_id: job.accountId,
        livemode: job.livemode,
        kind: job.kind,
        status: job.status,
        source: job.source,
        lines_total: job.linesTotal,
        lines_done: job.linesDone,
        lines_unresolved: job.linesUnresolved,
        errors: JSON.stringify(job.errors),
        created_at: job.createdAt,
        started_at: job.startedAt,
        finished_at: job.finishedAt,
        updated_at: job.updatedAt,
      });
      const rows = lines.map((input, index) => ({ job_id: job.id, line_no: index + 1, input: JSON.stringify(input) }));
      for (let at = 0; at < rows.length; at += insertBatch)
        await trx('bulk_job_inputs').insert(rows.slice(at, at + insertBatch));
    });
  }

  async find(id: string): Promise<BulkJob | null> {
    const row = await this.knex('bulk_jobs').where({ id }).first();
    return row ? toJob(row) : null;
  }

  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<BulkJob>> {
    return newestFirstPage(
      this.knex('bulk_jobs').where({ account_id: accountId, livemode }),
      cursor ?? undefined,
      limit,
      toJob,
      (job) => job.createdAt,
    );
  }

  async start(id: string, now: number): Promise<void> {
    await this.knex('bulk_jobs')
      .where({ id, status: 'queued' })
      .update({ status: 'running', started_at: now, updated_at: now });
  }

  async inputsAfter(id: string, afterLine: number, limit: number): Promise<Array<{ line: number; input: BulkLine }>> {
    const rows = await this.knex('bulk_job_inputs')
      .where('job_id', id)
      .andWhere('line_no', '>', afterLine)
      .orderBy('line_no')
      .limit(limit);
    return rows.map((row: Record<string, unknown>) => ({
      line: toNumber(row.line_no),
      input: readJsonColumn<BulkLine>(row.input),
    }));
  }

  async commitChunk(
    id: string,
    linesDone: number,
    results: Array<{ line: number; output: BulkLineOutput }>,
    unresolved: number,
    now: number,
  ): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const moved = await trx('bulk_jobs')
        .where({ id, lines_done: linesDone })
        .update({
          lines_done: linesDone + results.length,
          lines_unresolved: trx.raw('lines_unresolved + ?', [unresolved]),
          updated_at: now,
        });
      if (moved === 0) return false;
      const rows = results.map((r) => ({ job_id: id, line_no: r.line, output: JSON.stringify(r.output) }));
      for (let at = 0; at < rows.length; at += insertBatch)
        await trx('bulk_job_results').insert(rows.slice(at, at + insertBatch));
      return true;
    });
  }

  async finish(job: BulkJob, events: OutboxEvent[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      // Only a job still open is finished, so two workers never both record its event.
      const changed = await trx('bulk_jobs')
        .where('id', job.id)
        .whereIn('status', ['queued', 'running'])
        .update({
          status: job.status,
          errors: JSON.stringify(job.errors),
          finished_at: job.finishedAt,
          updated_at: job.updatedAt,
        });
      if (changed > 0) await new OutboxEventRepository(trx).append(events, trx);
    });
  }

  async linesAfter(id: string, afterLine: number, limit: number): Promise<BulkJobLine[]> {
    const rows = await this.knex('bulk_job_results as r')
      .join('bulk_job_inputs as i', (on) => on.on('i.job_id', 'r.job_id').andOn('i.line_no', 'r.line_no'))
      .where('r.job_id', id)
      .andWhere('r.line_no', '>', afterLine)
      .orderBy('r.line_no')
      .limit(limit)
      .select('r.line_no', 'i.input', 'r.output');
    return rows.map((row: Record<string, unknown>) => ({
      line: toNumber(row.line_no),
      input: readJsonColumn<BulkLine>(row.input),
      output: readJsonColumn<BulkLineOutput>(row.output),
    }));
  }
}
