import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Parcel rating reference data, versioned by effective date and never overwritten in place: rate
// cards with zone × weight prices, surcharge tables, weekly fuel percentages, zone charts and
// delivery-area ZIP lists. Dates are YYYY-MM-DD strings (calendar dates, compared as text), money is
// DECIMAL, and each version keeps a checksum of its content so a re-import can tell "unchanged".

function sourceColumns(t: Knex.CreateTableBuilder): void {
  t.string('source_title', 255).notNullable();
  t.text('source_reference').notNullable();
  t.string('source_file', 255).notNullable();
}

function versionColumns(t: Knex.CreateTableBuilder): void {
  t.string('id', 160).primary();
  t.string('carrier', 16).notNullable();
  t.string('effective_from', 10).notNullable();
  sourceColumns(t);
  t.string('checksum', 64).notNullable();
  t.bigInteger('imported_at').notNullable();
}

export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'parcel_rate_cards', (t) => {
    versionColumns(t);
    t.string('service', 64).notNullable();
    t.string('rate_type', 16).notNullable();
    t.string('region', 16).notNullable();
    t.string('effective_to', 10).nullable();
    t.string('includes', 64).notNullable().defaultTo('');
    t.string('currency', 3).notNullable().defaultTo('USD');
    t.unique(['carrier', 'service', 'rate_type', 'region', 'effective_from'], {
      indexName: 'parcel_rate_cards_version',
    });
  });
  await createTable(knex, 'parcel_rate_card_prices', (t) => {
    t.string('card_id', 160).notNullable().references('id').inTable('parcel_rate_cards').onDelete('CASCADE');
    t.string('zone', 8).notNullable();
    t.string('weight_unit', 2).notNullable();
    t.decimal('weight', 9, 3).notNullable();
    t.decimal('price', 10, 2).notNullable();
    t.primary(['card_id', 'zone', 'weight_unit', 'weight']);
  });

  await createTable(knex, 'parcel_surcharge_tables', (t) => {
    versionColumns(t);
    t.string('effective_to', 10).nullable();
    t.unique(['carrier', 'effective_from'], { indexName: 'parcel_surcharge_tables_version' });
  });
  await createTable(knex, 'parcel_surcharges', (t) => {
    t.string('table_id', 160).notNullable().references('id').inTable('parcel_surcharge_tables').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('code', 48).notNullable();
    t.string('service_group', 16).notNullable();
    t.string('address_type', 16).notNullable();
    t.integer('zone_min').nullable();
    t.integer('zone_max').nullable();
    t.decimal('amount', 10, 2).notNullable();
    t.primary(['table_id', 'position']);
  });

  await createTable(knex, 'parcel_fuel_surcharges', (t) => {
    t.string('carrier', 16).notNullable();
    t.string('fuel_group', 16).notNullable();
    t.string('week_start', 10).notNullable();
    t.decimal('percent', 6, 2).notNullable();
    sourceColumns(t);
    t.bigInteger('imported_at').notNullable();
    t.primary(['carrier', 'fuel_group', 'week_start']);
  });

  await createTable(knex, 'parcel_zone_charts', (t) => {
    versionColumns(t);
    t.string('origin_from', 5).notNullable();
    t.string('origin_to', 5).notNullable();
    t.unique(['carrier', 'origin_from', 'origin_to', 'effective_from'], { indexName: 'parcel_zone_charts_version' });
  });
  await createTable(knex, 'parcel_zone_chart_ranges', (t) => {
    t.string('chart_id', 160).notNullable().references('id').inTable('parcel_zone_charts').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('dest_from', 5).notNullable();
    t.string('dest_to', 5).notNullable();
    t.string('zone', 8).notNullable();
    t.string('scope', 32).nullable();
    t.primary(['chart_id', 'position']);
  });

  await createTable(knex, 'parcel_delivery_area_lists', (t) => {
    versionColumns(t);
    t.unique(['carrier', 'effective_from'], { indexName: 'parcel_delivery_area_lists_version' });
  });
  await createTable(knex, 'parcel_delivery_area_zips', (t) => {
    t.string('list_id', 160).notNullable().references('id').inTable('parcel_delivery_area_lists').onDelete('CASCADE');
    t.string('zip5', 5).notNullable();
    t.string('tier', 48).notNullable();
    t.primary(['list_id', 'zip5']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'parcel_delivery_area_zips',
    'parcel_delivery_area_lists',
    'parcel_zone_chart_ranges',
    'parcel_zone_charts',
    'parcel_fuel_surcharges',
    'parcel_surcharges',
    'parcel_surcharge_tables',
    'parcel_rate_card_prices',
    'parcel_rate_cards',
  ]) {
    await dropTable(knex, table);
  }
}
