import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { signUp } from '../support/accounts';
import { businessAccount, siteClient } from '../support/account-api';
import { testDialect } from '../support/database';
import { smallLoadPlan } from '../support/load-plan-bodies';

// A full disk, made real for the table every call writes first (the quota counters): SQLite stops
// at a page count (SQLITE_FULL), MySQL keeps the table in a 16 KiB MEMORY table (1114 "table is full").
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function fillQuotaCounters(): Promise<number> {
  const knex = app.db.knex;
  if (testDialect === 'sqlite') {
    const [{ page_count: pages }] = (await knex.raw('pragma page_count')) as Array<{ page_count: number }>;
    await knex.raw(`pragma max_page_count = ${pages}`);
  } else {
    await knex.transaction(async (trx) => {
      await trx.raw('set session max_heap_table_size = 16384');
      await trx.raw('alter table quota_counters engine = memory');
    });
  }
  // Short rows until the storage refuses one: a real caller's longer row cannot fit after it.
  for (let i = 0; ; i++) {
    try {
      await knex('quota_counters').insert({ subject: `f${i}`, bucket: 'x', window_start: '0', used: 0 });
    } catch (error) {
      expect(String(error)).toMatch(/SQLITE_FULL|is full/);
      return i;
    }
  }
}

const planLoad = (key: string) =>
  request(app.hosts.main).post('/api/load-plans').set('X-API-Key', key).send(smallLoadPlan);

async function freeSpace(): Promise<void> {
  await app.db.knex('quota_counters').where('bucket', 'x').delete();
  if (testDialect === 'sqlite') await app.db.knex.raw('pragma max_page_count = 1073741823');
}

it('with the storage full, reads are served, writes are 503 with Retry-After, and readiness says why', async () => {
  const business = await businessAccount(app);
  const site = siteClient(app, business.live);
  const created = await site.post('/api/shipments', { mode: 'ocean_fcl' }).expect(201);
  const free = await signUp(app);
  await request(app.hosts.main).get('/readyz').expect(200);

  expect(await fillQuotaCounters()).toBeGreaterThan(0);
  // An account read writes only its per-second counter: served without it.
  app.clock.advance(1000);
  const list = await site.get('/api/shipments').expect(200);
  expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([created.body.id]);
  // A call that must count its daily use cannot: nothing is done, and the caller is told to come back.
  const plan = await planLoad(free.key).expect(503);
  expect(plan.headers['retry-after']).toBe('60');
  expect(plan.body).toMatchObject({
    type: 'https://docs.tradelane.dev/problems/service-unavailable',
    status: 503,
  });
  const readiness = await request(app.hosts.main).get('/readyz').expect(503);
  expect(readiness.body.checks).toContainEqual(
    expect.objectContaining({ name: 'storage', ok: false, detail: expect.stringContaining('storage is full') }),
  );

  await freeSpace();
  await request(app.hosts.main).get('/readyz').expect(200);
  await planLoad(free.key).expect(200);
});
