import type { Knex } from 'knex';
import { OutboxEventRepository } from './outbox-event.repository';
import type { OutboxEvent } from '../../domain/shared';

/** Inserts a row and the events announcing it in one transaction. */
export async function insertWithEvents(
  knex: Knex,
  table: string,
  row: Record<string, unknown>,
  events: OutboxEvent[],
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx(table).insert(row);
    await new OutboxEventRepository(trx).append(events, trx);
  });
}

/**
 * Replaces a row and appends its events in one transaction, if the row is still as it was read
 * (its updated_at): false when another request changed it meanwhile, and nothing is written.
 */
export async function updateWithEvents(
  knex: Knex,
  table: string,
  row: { id: string } & Record<string, unknown>,
  expectedUpdatedAt: number,
  events: OutboxEvent[],
): Promise<boolean> {
  return knex.transaction(async (trx) => {
    if ((await trx(table).where({ id: row.id, updated_at: expectedUpdatedAt }).update(row)) === 0) return false;
    await new OutboxEventRepository(trx).append(events, trx);
    return true;
  });
}
