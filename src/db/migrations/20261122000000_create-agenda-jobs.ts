import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Agenda's job store. Times are BIGINT epoch milliseconds so that equality (the lock compare-and-set
// matches next_run_at exactly) and ordering behave the same on SQLite and MySQL.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'agenda_jobs', (t) => {
    t.string('id', 36).primary();
    t.string('name', 191).notNullable();
    t.integer('priority').notNullable().defaultTo(0);
    t.string('type', 16).notNullable().defaultTo('normal');
    // = name for `single` jobs (Agenda's every()), NULL otherwise: a portable partial unique index.
    t.string('single_key', 191).nullable().unique();
    // sha256 of name + unique criteria for `unique()` jobs, NULL otherwise: makes "insert unless it exists"
    // one atomic statement, safe across workers.
    t.string('unique_key', 64).nullable().unique();
    t.bigInteger('next_run_at').nullable();
    t.bigInteger('locked_at').nullable();
    t.bigInteger('last_run_at').nullable();
    t.bigInteger('last_finished_at').nullable();
    t.bigInteger('failed_at').nullable();
    t.integer('fail_count').notNullable().defaultTo(0);
    t.text('fail_reason').nullable();
    t.string('repeat_interval', 191).nullable();
    t.string('repeat_timezone', 64).nullable();
    t.string('repeat_at', 191).nullable();
    t.bigInteger('start_date').nullable();
    t.bigInteger('end_date').nullable();
    t.string('skip_days', 32).nullable();
    t.text('data', 'longtext').nullable(); // MySQL TEXT stops at 64 KB
    t.text('unique_query').nullable();
    t.text('unique_opts').nullable();
    t.bigInteger('debounce_started_at').nullable();
    t.boolean('disabled').notNullable().defaultTo(false);
    t.boolean('fork').notNullable().defaultTo(false);
    t.double('progress').nullable();
    t.string('last_modified_by', 191).nullable();
    t.index(['name', 'next_run_at'], 'agenda_jobs_name_next_run_at');
    t.index(['locked_at'], 'agenda_jobs_locked_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'agenda_jobs');
}
