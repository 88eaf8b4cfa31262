import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Versioned tariff rule sets: the authored measure files (as JSON) and the product lists imported
// for them. A rule set is never changed once stored; activating another version switches the rules
// the engine loads, so any past rule set can be replayed.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'tariff_rule_sets', (t) => {
    t.string('version', 40).primary();
    // Authored files and AD/CVD cases as JSON (lists are in tariff_product_list_entries).
    t.text('sources', 'longtext').notNullable();
    t.text('list_status', 'longtext').notNullable();
    t.integer('measure_count').notNullable();
    t.integer('list_entry_count').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('activated_at').nullable();
    t.index(['activated_at'], 'tariff_rule_sets_activated_at');
  });
  await createTable(knex, 'tariff_measures', (t) => {
    t.string('rule_set_version', 40)
      .notNullable()
      .references('version')
      .inTable('tariff_rule_sets')
      .onDelete('CASCADE');
    t.string('measure_id', 100).notNullable();
    t.string('program', 64).notNullable();
    t.string('family', 32).notNullable();
    t.string('heading', 10).nullable();
    t.string('effective_from', 10).notNullable();
    t.string('effective_to', 10).nullable();
    t.string('date_basis', 10).notNullable();
    t.text('definition', 'longtext').notNullable();
    t.primary(['rule_set_version', 'measure_id']);
    t.index(['heading'], 'tariff_measures_heading');
    t.index(['rule_set_version', 'effective_from'], 'tariff_measures_effective_from');
  });
  await createTable(knex, 'tariff_product_list_entries', (t) => {
    t.bigIncrements('id').primary();
    t.string('rule_set_version', 40)
      .notNullable()
      .references('version')
      .inTable('tariff_rule_sets')
      .onDelete('CASCADE');
    t.string('list_id', 64).notNullable();
    t.string('hts_prefix', 10).notNullable();
    t.string('effective_from', 10).nullable();
    t.string('effective_to', 10).nullable();
    t.index(['rule_set_version', 'list_id'], 'tariff_product_list_entries_list');
    t.index(['hts_prefix'], 'tariff_product_list_entries_prefix');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'tariff_product_list_entries');
  await dropTable(knex, 'tariff_measures');
  await dropTable(knex, 'tariff_rule_sets');
}
