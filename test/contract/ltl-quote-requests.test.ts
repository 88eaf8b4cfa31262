import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { sha256Hex } from '../../src/domain/access/secrets';
import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';

const adminToken = 'admin-token-for-ltl-tests';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    config: { trustProxy: true, adminTokenSha256: sha256Hex(adminToken), bodyLimitBytes: 65536 },
  });
  app.clock.set('2026-12-01T15:00:00.000Z');
});
afterAll(() => app?.close());

const asked = {
  origin: { postal_code: '90021' },
  destination: { postal_code: '60607' },
  ready_date: '2026-12-02',
  reference: 'PO-88213',
  pallets: [
    {
      length: 48,
      width: 40,
      height: 50,
      length_unit: 'in',
      weight: 750,
      weight_unit: 'lb',
      quantity: 2,
      description: 'Cartons of T-shirts',
    },
    { length: 120, width: 100, height: 150, length_unit: 'cm', weight: 300, weight_unit: 'kg', quantity: 1 },
    {
      length: 48,
      width: 40,
      height: 40,
      length_unit: 'in',
      weight: 60,
      weight_unit: 'lb',
      quantity: 1,
      freight_class: '150',
    },
  ],
  accessorials: ['liftgate_delivery', 'residential_delivery'],
};
const quote = (body: object, id: string) =>
  request(app.hosts.site).post(`/api/admin/ltl-quote-requests/${id}/quote`).set('X-Admin-Token', adminToken).send(body);
const offer = {
  carrier_scac: 'ODFL',
  carrier_name: 'Old Dominion Freight Line',
  amount: { amount: '612.40', currency: 'USD' },
  transit_days: 4,
  valid_until: '2026-12-05T23:59:59.000Z',
};

describe(`LTL quote requests on ${testDialect}`, () => {
  test('requested with densities and NMFC classes, quoted by an operator, accepted; each step an event', async () => {
    const { live, accountId } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = await client.post('/api/ltl-quote-requests', asked).expect(201);
    expect(created.headers.location).toBe(`/api/ltl-quote-requests/${created.body.id}`);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^ltl_/),
      object: 'ltl_quote_request',
      livemode: true,
      status: 'requested',
      reference: 'PO-88213',
      origin: { postal_code: '90021' },
      destination: { postal_code: '60607' },
      accessorials: ['liftgate_delivery', 'residential_delivery'],
      quote: null,
      pallets: [
        // 750 lb in 48×40×50 in (55.56 ft³) is 13.50 lb/ft³: class 85.
        {
          density_lb_per_ft3: '13.50',
          density_class: '85',
          freight_class: '85',
          class_source: 'density',
          description: 'Cartons of T-shirts',
        },
        // 300 kg (661.39 lb) in 120×100×150 cm (63.57 ft³) is 10.40 lb/ft³: class 92.5.
        {
          density_lb_per_ft3: '10.40',
          density_class: '92.5',
          freight_class: '92.5',
          class_source: 'density',
          description: null,
        },
        // 1.35 lb/ft³ would be class 300; the class given is kept.
        { density_lb_per_ft3: '1.35', density_class: '300', freight_class: '150', class_source: 'given' },
      ],
      // 2 × 750 + 661.39 + 60 lb; 2 × 55.56 + 63.57 + 44.44 ft³
      total_weight_lb: '2221.39',
      total_volume_ft3: '219.12',
    });
    const id = created.body.id;
    await client.post(`/api/ltl-quote-requests/${id}/accept`).expect(409);
    const quoted = (await quote(offer, id).expect(200)).body;
    expect(quoted).toMatchObject({ status: 'quoted', quote: { ...offer, quoted_at: app.clock.now().toISOString() } });
    await quote(offer, id).expect(409);
    const accepted = (await client.post(`/api/ltl-quote-requests/${id}/accept`).expect(200)).body;
    expect(accepted).toMatchObject({ status: 'accepted', accepted_at: app.clock.now().toISOString() });
    await client.post(`/api/ltl-quote-requests/${id}/accept`).expect(409);
    expect((await client.get(`/api/ltl-quote-requests/${id}`).expect(200)).body).toEqual(accepted);
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('ltl_quote_request', id);
    expect(events.map((e) => e.type)).toEqual([
      'ltl_quote_request.created',
      'ltl_quote_request.quoted',
      'ltl_quote_request.accepted',
    ]);
    expect(events.every((e) => e.accountId === accountId && e.livemode)).toBe(true);
  });

  test('a quote not accepted in time expires (an event says so) and can no longer be accepted', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const id = (await client.post('/api/ltl-quote-requests', asked).expect(201)).body.id;
    await quote({ ...offer, valid_until: '2026-12-01T16:00:00.000Z' }, id).expect(200);
    app.clock.set('2026-12-01T16:00:01.000Z');
    const listed = (await client.get('/api/ltl-quote-requests?status=quoted').expect(200)).body;
    expect(listed.data).toEqual([]);
    const expired = (await client.get(`/api/ltl-quote-requests/${id}`).expect(200)).body;
    expect(expired).toMatchObject({ status: 'expired', expired_at: '2026-12-01T16:00:00.000Z', livemode: false });
    expect((await client.post(`/api/ltl-quote-requests/${id}/accept`).expect(409)).body.detail).toBe(
      `LTL quote request ${id} is expired: only a quoted request can be accepted.`,
    );
    expect(
      (await client.get('/api/ltl-quote-requests?status=expired').expect(200)).body.data.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([id]);
    const types = (await new OutboxEventRepository(app.db.knex).listForSubject('ltl_quote_request', id)).map(
      (e) => e.type,
    );
    expect(types).toEqual(['ltl_quote_request.created', 'ltl_quote_request.quoted', 'ltl_quote_request.expired']);
  });

  test('the admin answer: token required, known request only, validity in the future, fields checked', async () => {
    const { live } = await businessAccount(app);
    const id = (await siteClient(app, live).post('/api/ltl-quote-requests', asked).expect(201)).body.id;
    await request(app.hosts.site).post(`/api/admin/ltl-quote-requests/${id}/quote`).send(offer).expect(401);
    await quote(offer, 'ltl_unknown').expect(404);
    expect((await quote({ ...offer, valid_until: '2026-11-30T00:00:00.000Z' }, id).expect(400)).body.errors).toEqual([
      { pointer: '/body/valid_until', message: 'must be in the future' },
    ]);
    await quote({ ...offer, amount: { amount: '612.404', currency: 'USD' } }, id).expect(400);
    await quote({ ...offer, padding: 'x'.repeat(70000) }, id).expect(413);
    await request(app.hosts.site)
      .post(`/api/admin/ltl-quote-requests/${id}/quote`)
      .set('X-Admin-Token', adminToken)
      .set('Content-Type', 'text/plain')
      .send('quote')
      .expect(415);
  });

  test("bad pallets are 400; another account's request, or the other mode's, is 404", async () => {
    const owner = await businessAccount(app);
    const client = siteClient(app, owner.live);
    expect(
      (
        await client
          .post('/api/ltl-quote-requests', { ...asked, pallets: [{ ...asked.pallets[0], length: 0 }] })
          .expect(400)
      ).body.errors[0].pointer,
    ).toBe('/body/pallets/0/length');
    await client.post('/api/ltl-quote-requests', { ...asked, pallets: [] }).expect(400);
    await client.post('/api/ltl-quote-requests', { ...asked, origin: { postal_code: '9002' } }).expect(400);
    await client
      .post('/api/ltl-quote-requests', { ...asked, pallets: [{ ...asked.pallets[0], freight_class: '42' }] })
      .expect(400);
    await client.get('/api/ltl-quote-requests?status=booked').expect(400);
    const id = (await client.post('/api/ltl-quote-requests', asked).expect(201)).body.id;
    const other = await businessAccount(app);
    for (const stranger of [siteClient(app, other.live), siteClient(app, owner.test)]) {
      await stranger.get(`/api/ltl-quote-requests/${id}`).expect(404);
      await stranger.post(`/api/ltl-quote-requests/${id}/accept`).expect(404);
    }
    expect((await siteClient(app, other.live).get('/api/ltl-quote-requests').expect(200)).body.data).toEqual([]);
  });

  test('Idempotency-Key replays a request and an acceptance; another request under the key is 422; 429 past the per-second limit', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const first = await client.post('/api/ltl-quote-requests', asked).set('Idempotency-Key', 'ltl-1').expect(201);
    expect(
      (await client.post('/api/ltl-quote-requests', asked).set('Idempotency-Key', 'ltl-1').expect(201)).body.id,
    ).toBe(first.body.id);
    await client
      .post('/api/ltl-quote-requests', { ...asked, reference: 'other' })
      .set('Idempotency-Key', 'ltl-1')
      .expect(422);
    await client.post('/api/ltl-quote-requests/ltl_unknown/accept').set('Idempotency-Key', 'ltl-accept').expect(404);
    await client
      .post(`/api/ltl-quote-requests/${first.body.id}/accept`)
      .set('Idempotency-Key', 'ltl-accept')
      .expect(422);

    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++)
      await request(app.hosts.site).get(`/api/ltl-quote-requests/${first.body.id}`).set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/ltl-quote-requests'),
      site.post('/api/ltl-quote-requests').send(asked),
      site.get(`/api/ltl-quote-requests/${first.body.id}`),
      site.post(`/api/ltl-quote-requests/${first.body.id}/accept`),
    ]) {
      expect((await call.set(auth).expect(429)).body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
  });
});
