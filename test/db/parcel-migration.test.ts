import { migrateToLatest, rollbackAll } from '../../src/db/migrate';
import { createTestDatabase } from '../support/database';

it('creates the parcel reference tables, drops them on rollback and recreates them', async () => {
  const db = await createTestDatabase();
  try {
    expect(await db.knex.schema.hasTable('parcel_rate_card_prices')).toBe(true);
    await rollbackAll(db);
    expect(await db.knex.schema.hasTable('parcel_rate_cards')).toBe(false);
    await migrateToLatest(db);
    expect(await db.knex.schema.hasTable('parcel_delivery_area_zips')).toBe(true);
    expect(await db.knex.schema.hasTable('parcel_zone_matrix_rows')).toBe(true);
  } finally {
    await db.destroy();
  }
  // Every migration down and up again: about 30 s on MariaDB on a busy machine.
}, 120_000);
