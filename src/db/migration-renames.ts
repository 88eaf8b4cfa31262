import type { Knex } from 'knex';

/**
 * Migrations renamed after databases had applied them: their stamps were not times of day (hours 60
 * to 87), so they became the nearest free times in the same order. knex records applied migrations by
 * name, so each old name is rewritten to its new one before knex reads that record: a database
 * migrated under the old names neither runs them again nor finds their files missing. Kept for as
 * long as such a database may exist; a name is never renamed again.
 */
export const renamedMigrations: Readonly<Record<string, string>> = {
  '20261122600000_add-outbox-event-scope': '20261122210000_add-outbox-event-scope',
  '20261122600100_create-tracking-subscriptions': '20261122210100_create-tracking-subscriptions',
  '20261122600200_create-vessel-positions': '20261122210200_create-vessel-positions',
  '20261122600300_create-credit-ledger': '20261122210300_create-credit-ledger',
  '20261122600400_create-ports': '20261122210400_create-ports',
  '20261122700000_create-parcel-reference-tables': '20261122220000_create-parcel-reference-tables',
  '20261122840000_index-tracking-container-number': '20261122230000_index-tracking-container-number',
  '20261122860000_add-tracking-subscription-shipment': '20261122231000_add-tracking-subscription-shipment',
  '20261122870000_add-tariff-alert-livemode': '20261122232000_add-tariff-alert-livemode',
};

/** Rewrites old names in knex's record of applied migrations (one UPDATE; nothing to do once done). */
export async function renameAppliedMigrations(knex: Knex, tableName: string): Promise<void> {
  if (!(await knex.schema.hasTable(tableName))) return;
  const renames = Object.entries(renamedMigrations);
  await knex(tableName)
    .whereIn(
      'name',
      renames.map(([from]) => from),
    )
    .update({
      name: knex.raw(`case name ${renames.map(() => 'when ? then ?').join(' ')} end`, renames.flat()),
    });
}
