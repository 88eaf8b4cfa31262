import type { Knex } from 'knex';
import { hasIndex } from '../schema-helpers';

// Test-mode (tl_test_) alerts live apart from live ones: each mode lists, deletes and is alerted
// about only its own. Existing alerts were made before modes were told apart: live.
const modeIndex = 'tariff_alerts_account_mode';
const accountIndex = 'tariff_alerts_account';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn('tariff_alerts', 'livemode'))) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.boolean('livemode').notNullable().defaultTo(true);
    });
  }
  if (!(await hasIndex(knex, 'tariff_alerts', modeIndex))) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.index(['account_id', 'livemode', 'created_at', 'id'], modeIndex);
    });
  }
  if (await hasIndex(knex, 'tariff_alerts', accountIndex)) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.dropIndex(['account_id', 'created_at', 'id'], accountIndex);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!(await hasIndex(knex, 'tariff_alerts', accountIndex))) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.index(['account_id', 'created_at', 'id'], accountIndex);
    });
  }
  if (await hasIndex(knex, 'tariff_alerts', modeIndex)) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.dropIndex(['account_id', 'livemode', 'created_at', 'id'], modeIndex);
    });
  }
  if (await knex.schema.hasColumn('tariff_alerts', 'livemode')) {
    await knex.schema.alterTable('tariff_alerts', (t) => {
      t.dropColumn('livemode');
    });
  }
}
