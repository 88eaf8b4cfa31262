import type { Knex } from 'knex';
import { hasIndex } from '../schema-helpers';

// Shipments become writable through the account API: mode (live or test), the fields a forwarder
// manages, and the state machine's timestamps. Parties, cargo lines (with their duty estimates),
// metadata and status timestamps are JSON documents read and written whole with the shipment.
// Existing rows were made before modes were told apart: live.
const table = 'shipments';
const modeIndex = 'shipments_account_mode_page';
const statusIndex = 'shipments_account_mode_status';
const etaIndex = 'shipments_account_mode_eta';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasColumn(table, 'livemode'))) {
    await knex.schema.alterTable(table, (t) => {
      t.boolean('livemode').notNullable().defaultTo(true);
      t.string('mode', 16).nullable(); // ocean_fcl, ocean_lcl, air, truck
      t.text('shipper').nullable(); // JSON party
      t.text('consignee').nullable(); // JSON party
      t.string('incoterm', 3).nullable();
      t.string('carrier_scac', 4).nullable();
      t.string('bill_of_lading_number', 40).nullable();
      t.string('booking_number', 40).nullable();
      t.string('cargo_ready_date', 10).nullable(); // YYYY-MM-DD
      t.string('etd', 10).nullable();
      t.string('eta', 10).nullable();
      t.text('cargo_lines', 'mediumtext').nullable(); // JSON array
      t.text('metadata').nullable(); // JSON object
      t.text('status_transitions').nullable(); // JSON object of epoch ms
    });
  }
  for (const [name, columns] of [
    [modeIndex, ['account_id', 'livemode', 'created_at', 'id']],
    [statusIndex, ['account_id', 'livemode', 'status']],
    [etaIndex, ['account_id', 'livemode', 'eta']],
  ] as const) {
    if (!(await hasIndex(knex, table, name))) {
      await knex.schema.alterTable(table, (t) => {
        t.index([...columns], name);
      });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, columns] of [
    [modeIndex, ['account_id', 'livemode', 'created_at', 'id']],
    [statusIndex, ['account_id', 'livemode', 'status']],
    [etaIndex, ['account_id', 'livemode', 'eta']],
  ] as const) {
    if (await hasIndex(knex, table, name)) {
      await knex.schema.alterTable(table, (t) => {
        t.dropIndex([...columns], name);
      });
    }
  }
  if (await knex.schema.hasColumn(table, 'livemode')) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumns(
        'livemode',
        'mode',
        'shipper',
        'consignee',
        'incoterm',
        'carrier_scac',
        'bill_of_lading_number',
        'booking_number',
        'cargo_ready_date',
        'etd',
        'eta',
        'cargo_lines',
        'metadata',
        'status_transitions',
      );
    });
  }
}
