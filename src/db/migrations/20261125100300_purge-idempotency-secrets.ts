import type { Knex } from 'knex';

// Idempotency records no longer keep secrets; the ones stored before (sign-up, key creation,
// rotation, OAuth client creation) held the plain key or client secret: they are deleted. Their
// retries run the operation anew, as a record expired after 24 hours would.
export async function up(knex: Knex): Promise<void> {
  await knex('idempotency_records')
    .where((q) =>
      q.where('response_body', 'like', '%"secret":"tl%').orWhere('response_body', 'like', '%"client_secret":"tl%'),
    )
    .delete();
}

export async function down(): Promise<void> {
  // Deleted secrets are not restored.
}
