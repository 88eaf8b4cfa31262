import type { Knex } from 'knex';
import { pageByCreatedAt } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import type {
  CreatedAtCursor,
  HtsChange,
  HtsChangeKind,
  HtsChangeSet,
  HtsChangeStore,
  HtsLineSnapshot,
} from '../../domain/hts';

interface ChangeSetRow {
  id: string;
  release_id: string;
  previous_release_id: string;
  added_count: number;
  removed_count: number;
  rate_changed_count: number;
  description_changed_count: number;
  created_at: number | string;
}

interface ChangeRow {
  change_set_id: string;
  seq: number;
  kind: string;
  code: string;
  before_data: string | null;
  after_data: string | null;
}

const insertBatchSize = 500;

function toChangeSet(row: ChangeSetRow): HtsChangeSet {
  return {
    id: row.id,
    releaseId: row.release_id,
    previousReleaseId: row.previous_release_id,
    counts: {
      added: Number(row.added_count),
      removed: Number(row.removed_count),
      rateChanged: Number(row.rate_changed_count),
      descriptionChanged: Number(row.description_changed_count),
    },
    createdAt: Number(row.created_at),
  };
}

function snapshot(value: string | null): HtsLineSnapshot | null {
  return value === null ? null : readJsonColumn<HtsLineSnapshot>(value);
}

/** HTS change sets and the changes in them. */
export class HtsChangeRepository implements HtsChangeStore {
  constructor(private readonly knex: Knex) {}

  /** Callers run this in the import's transaction. */
  async insert(changeSet: HtsChangeSet, changes: HtsChange[]): Promise<void> {
    await this.knex('hts_change_sets').insert({
      id: changeSet.id,
      release_id: changeSet.releaseId,
      previous_release_id: changeSet.previousReleaseId,
      added_count: changeSet.counts.added,
      removed_count: changeSet.counts.removed,
      rate_changed_count: changeSet.counts.rateChanged,
      description_changed_count: changeSet.counts.descriptionChanged,
      created_at: changeSet.createdAt,
    });
    const rows: ChangeRow[] = changes.map((change, seq) => ({
      change_set_id: changeSet.id,
      seq,
      kind: change.kind,
      code: change.code,
      before_data: change.before === null ? null : JSON.stringify(change.before),
      after_data: change.after === null ? null : JSON.stringify(change.after),
    }));
    for (let start = 0; start < rows.length; start += insertBatchSize) {
      await this.knex('hts_changes').insert(rows.slice(start, start + insertBatchSize));
    }
  }

  async findById(id: string): Promise<HtsChangeSet | null> {
    const row = (await this.knex<ChangeSetRow>('hts_change_sets').where({ id }).first()) as ChangeSetRow | undefined;
    return row ? toChangeSet(row) : null;
  }

  async findByReleaseId(releaseId: string): Promise<HtsChangeSet | null> {
    const row = (await this.knex<ChangeSetRow>('hts_change_sets').where({ release_id: releaseId }).first()) as
      ChangeSetRow | undefined;
    return row ? toChangeSet(row) : null;
  }

  async list(options: { sinceMs?: number; after?: CreatedAtCursor; limit: number }): Promise<HtsChangeSet[]> {
    const query = this.knex<ChangeSetRow>('hts_change_sets');
    if (options.sinceMs !== undefined) query.where('created_at', '>=', options.sinceMs);
    const rows = (await pageByCreatedAt(query, options.after, options.limit)) as ChangeSetRow[];
    return rows.map(toChangeSet);
  }

  async listChanges(
    changeSetId: string,
    options: { afterSeq?: number; limit: number },
  ): Promise<Array<HtsChange & { seq: number }>> {
    const query = this.knex<ChangeRow>('hts_changes').where('change_set_id', changeSetId);
    if (options.afterSeq !== undefined) query.where('seq', '>', options.afterSeq);
    const rows = await query.orderBy('seq').limit(options.limit);
    return rows.map((row) => ({
      seq: Number(row.seq),
      kind: row.kind as HtsChangeKind,
      code: row.code,
      before: snapshot(row.before_data),
      after: snapshot(row.after_data),
    }));
  }
}
