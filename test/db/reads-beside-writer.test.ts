import { createTestDatabase, TestDatabase, testDialect } from '../support/database';

// A read outside a transaction does not wait for the write connection while a transaction holds it
// (SQLite: a read-only connection beside the one writer; MySQL: the pool's other connections), sees
// only what was committed, and a read inside the transaction sees the transaction's own writes.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  await db.knex.schema.createTable('notes', (t) => {
    t.integer('id').primary();
    t.string('text');
  });
});
afterAll(() => db?.destroy());

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);

test(`on ${testDialect}, reads go on while a transaction holds the writer, and see only what is committed`, async () => {
  await db.knex('notes').insert({ id: 1, text: 'committed' });
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  let insideSaw: unknown[] = [];
  const transaction = db.knex.transaction(async (trx) => {
    await trx('notes').insert({ id: 2, text: 'pending' });
    insideSaw = await trx('notes').select('id').orderBy('id');
    await held;
  });
  await new Promise((resolve) => setTimeout(resolve, 50)); // the transaction has begun and written
  expect(await within(1000, db.knex('notes').select('id').orderBy('id'))).toEqual([{ id: 1 }]);
  expect(await within(1000, db.knex('notes').where({ id: 1 }).first('text'))).toEqual({ text: 'committed' });
  finish();
  await transaction;
  expect(insideSaw).toEqual([{ id: 1 }, { id: 2 }]);
  expect(await db.knex('notes').select('id').orderBy('id')).toEqual([{ id: 1 }, { id: 2 }]);
});
