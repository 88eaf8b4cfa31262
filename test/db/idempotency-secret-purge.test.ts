import { up as purgeIdempotencySecrets } from '../../src/db/migrations/20261125100300_purge-idempotency-secrets';
import { createTestDatabase, TestDatabase } from '../support/database';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());

const row = (key: string, body: string) => ({
  owner: 'acct_1:live',
  idempotency_key: key,
  request_hash: 'h',
  state: 'completed',
  response_status: 201,
  response_headers: '{}',
  response_body: body,
  created_at: 1,
  expires_at: 2,
});

it('deletes the idempotency records stored with a key or client secret, and keeps the others', async () => {
  await db
    .knex('idempotency_records')
    .insert([
      row(
        'signup',
        JSON.stringify({ account: { id: 'acct_1' }, api_key: { id: 'key_1', secret: 'tl_live_' + 'a'.repeat(32) } }),
      ),
      row('client', JSON.stringify({ id: 'tlc_1', client_secret: 'tl_cs_live_' + 'b'.repeat(32) })),
      row('plain', JSON.stringify({ id: 'key_2', status: 'revoked' })),
    ]);
  await purgeIdempotencySecrets(db.knex);
  expect((await db.knex('idempotency_records').select('idempotency_key')).map((r) => r.idempotency_key)).toEqual([
    'plain',
  ]);
});
