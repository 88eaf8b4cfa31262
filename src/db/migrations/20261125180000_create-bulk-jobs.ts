import type { Knex } from 'knex';
import { createTable, dropTable } from '../schema-helpers';

// Bulk calculation jobs: the job with its progress, the validated input lines, and one result row per
// computed line. A chunk's results and the job's lines_done are written in one transaction, and
// (job_id, line_no) is the primary key of both line tables, so a resumed job neither repeats nor skips a line.
export async function up(knex: Knex): Promise<void> {
  await createTable(knex, 'bulk_jobs', (t) => {
    t.string('id', 40).primary(); // bjob_…
    t.string('account_id', 40).notNullable().references('id').inTable('accounts');
    t.boolean('livemode').notNullable();
    t.string('kind', 16).notNullable(); // calculation, ieepa_refund
    t.string('status', 16).notNullable(); // queued, running, succeeded, failed
    t.string('source', 8).notNullable(); // json, csv, xlsx
    t.integer('lines_total').notNullable();
    t.integer('lines_done').notNullable();
    t.integer('lines_unresolved').notNullable();
    t.text('errors').notNullable(); // JSON array of messages
    t.bigInteger('created_at').notNullable();
    t.bigInteger('started_at').nullable();
    t.bigInteger('finished_at').nullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['account_id', 'livemode', 'created_at', 'id'], 'bulk_jobs_account_page');
  });
  await createTable(knex, 'bulk_job_inputs', (t) => {
    t.string('job_id', 40).notNullable().references('id').inTable('bulk_jobs').onDelete('CASCADE');
    t.integer('line_no').notNullable();
    t.text('input').notNullable(); // JSON: the line's columns as given
    t.primary(['job_id', 'line_no']);
  });
  await createTable(knex, 'bulk_job_results', (t) => {
    t.string('job_id', 40).notNullable().references('id').inTable('bulk_jobs').onDelete('CASCADE');
    t.integer('line_no').notNullable();
    t.text('output').notNullable(); // JSON: the computed columns
    t.primary(['job_id', 'line_no']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTable(knex, 'bulk_job_results');
  await dropTable(knex, 'bulk_job_inputs');
  await dropTable(knex, 'bulk_jobs');
}
