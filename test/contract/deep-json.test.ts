import request from 'supertest';
import { maxJsonDepth } from '../../src/http/json-depth';
import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';

// A JSON body nested deeper than any of ours is refused before anything walks it: before, 10,000
// levels of brackets sent with an Idempotency-Key to an action that takes no body overflowed the
// stack of the request's fingerprint (a 500).
let app: TestApp;
let live: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ live } = await businessAccount(app));
});
afterAll(() => app?.close());

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

it('refuses a body nested deeper than 64 levels with a 400, an idempotent body-less action included', async () => {
  const client = siteClient(app, live);
  const invoice = (await client.post('/api/invoices', { currency: 'USD' }).expect(201)).body.id;
  for (const body of [nested(100_000), `{"a":${nested(maxJsonDepth)}}`]) {
    const res = await client
      .post(`/api/invoices/${invoice}/finalize`)
      .set('Idempotency-Key', `deep-${body.length}`)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(400);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/validation-failed',
      errors: [{ pointer: '/body', message: `must not nest arrays and objects deeper than ${maxJsonDepth} levels` }],
    });
  }
  const shipment = await client
    .post('/api/shipments')
    .set('Content-Type', 'application/json')
    .send(`{"reference":${nested(65)}}`)
    .expect(400);
  expect(shipment.body.errors[0].pointer).toBe('/body');
  // 64 levels are still read (and judged by the operation's schema).
  const shallow = await request(app.hosts.site)
    .post('/api/shipments')
    .set('Authorization', `Bearer ${live}`)
    .set('Content-Type', 'application/json')
    .send(`{"reference":${nested(63)}}`)
    .expect(400);
  expect(shallow.body.errors.map((e: { pointer: string }) => e.pointer)).not.toContain('/body');
});
