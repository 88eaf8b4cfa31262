import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { defineTrackingRefreshJob, trackingRefreshJobName } from '../../src/jobs/tracking-refresh.job';
import { accessTokenFor, businessAccount, containerNumber, siteClient } from '../support/account-api';
import { setPlan, signUp } from '../support/accounts';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { createTestApp, TestApp } from '../support/app';
import { loadHostDocument } from '../../src/http/host-document';
import { testDialect } from '../support/database';
import { recordingAgenda } from '../support/recording-agenda';

let app: TestApp;
const worker = recordingAgenda();

beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true, bodyLimitBytes: 65536 }, withTariffData: rev3AndRev4 });
  app.clock.set('2026-11-25T10:00:00.000Z');
  const { refresh, positions, config } = app.deps.tracking;
  await defineTrackingRefreshJob(worker.agenda, {
    refresh,
    every: config.refresh.jobEvery,
    maxRunMs: config.refresh.maxRunMs,
    positions,
    positionRetentionMs: config.ais.positionRetentionMs,
    clock: app.clock,
  });
}, 120_000);
afterAll(() => app?.close());

const eventsOf = async (shipmentId: string) =>
  (await new OutboxEventRepository(app.db.knex).listForSubject('shipment', shipmentId)).map((e) => ({
    type: e.type,
    livemode: e.livemode,
    accountId: e.accountId,
    data: e.data as { object: { id: string; status: string }; changeset?: Record<string, unknown> },
  }));

const draft = {
  reference: 'PO-88213',
  mode: 'ocean_fcl',
  shipper: { name: 'Ningbo Homeware Co.', country: 'CN' },
  consignee: { name: 'Acme Imports Inc.', city: 'Los Angeles', region: 'CA', postal_code: '90021', country: 'US' },
  origin: { locode: 'NLRTM' },
  destination: { locode: 'DEHAM' },
  incoterm: 'FOB',
  cargo_ready_date: '2026-12-01',
  etd: '2026-12-05',
  eta: '2026-12-24',
  containers: [{ number: 'msku 123456-5' }],
  cargo_lines: [
    {
      description: "Cotton T-shirts, men's",
      hts_code: '6109100012',
      country_of_origin: 'cn',
      quantity: 1000,
      quantity_unit: 'doz',
      weight: '3600',
      weight_unit: 'kg',
      volume: '28.5',
      volume_unit: 'cbm',
      value: { amount: '48000.00', currency: 'USD' },
    },
  ],
  metadata: { erp_order: '4500012345' },
};

describe(`shipments on ${testDialect}`, () => {
  test("creates the shipment the reference's request example describes, and answers it (the example recorded beside it)", async () => {
    const operation = loadHostDocument('site').operations.find((o) => o.operationId === 'createShipment');
    const example = (
      operation?.definition.requestBody as { content: Record<string, { example: Record<string, unknown> }> }
    ).content['application/json'].example;
    const { test } = await businessAccount(app);
    const created = await siteClient(app, test).post('/api/shipments', example).expect(201);
    expect(created.body).toMatchObject({
      reference: example.reference,
      origin: { locode: 'CNNGB' },
      destination: { locode: 'USLAX' },
      containers: [{ number: 'MSKU1234565' }],
    });
  });

  test('create, read, list: the resource in full, in its mode only, and a shipment.created event carrying it', async () => {
    const { live, test, accountId } = await businessAccount(app);
    const created = await siteClient(app, test).post('/api/shipments', draft).expect(201);
    expect(created.headers.location).toBe(`/api/shipments/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^shp_/),
      object: 'shipment',
      livemode: false,
      reference: 'PO-88213',
      mode: 'ocean_fcl',
      status: 'draft',
      shipper: draft.shipper,
      consignee: draft.consignee,
      origin: { locode: 'NLRTM' },
      destination: { locode: 'DEHAM' },
      incoterm: 'FOB',
      carrier_scac: null,
      bill_of_lading_number: null,
      booking_number: null,
      cargo_ready_date: '2026-12-01',
      etd: '2026-12-05',
      eta: '2026-12-24',
      containers: [{ number: 'MSKU1234565', tracking: null }],
      cargo_lines: [
        {
          ...draft.cargo_lines[0],
          id: expect.stringMatching(/^cgl_/),
          hts_code: '6109.10.0012',
          country_of_origin: 'CN',
          duty_estimate: null,
        },
      ],
      metadata: { erp_order: '4500012345' },
      status_transitions: {
        booked_at: null,
        departed_at: null,
        arrived_at: null,
        delivered_at: null,
        cancelled_at: null,
      },
      created_at: app.clock.now().toISOString(),
      updated_at: app.clock.now().toISOString(),
    });
    expect((await siteClient(app, test).get(`/api/shipments/${created.body.id}`).expect(200)).body).toEqual(
      created.body,
    );
    expect(await eventsOf(created.body.id)).toEqual([
      { type: 'shipment.created', livemode: false, accountId, data: { object: created.body } },
    ]);

    // Test and live mode never see each other; another account sees nothing.
    await siteClient(app, live).get(`/api/shipments/${created.body.id}`).expect(404);
    expect((await siteClient(app, live).get('/api/shipments').expect(200)).body.data).toEqual([]);
    const other = await businessAccount(app);
    for (const client of [siteClient(app, other.test), siteClient(app, other.live)]) {
      await client.get(`/api/shipments/${created.body.id}`).expect(404);
      await client.patch(`/api/shipments/${created.body.id}`, { reference: 'mine' }).expect(404);
      await client.delete(`/api/shipments/${created.body.id}`).expect(404);
      await client.post(`/api/shipments/${created.body.id}/book`).expect(404);
      await client.post(`/api/shipments/${created.body.id}/estimate-duties`).expect(404);
    }
    const listed = await siteClient(app, test).get('/api/shipments').expect(200);
    expect(listed.body).toEqual({ object: 'list', data: [created.body], has_more: false, next_cursor: null });
  });

  test('container numbers are checked (ISO 6346), listed once; bad fields are 400 naming them', async () => {
    const { test } = await businessAccount(app);
    const client = siteClient(app, test);
    const digit = await client
      .post('/api/shipments', { mode: 'ocean_fcl', containers: [{ number: 'MSCU1234567' }] })
      .expect(400);
    expect(digit.body).toMatchObject({
      reason: 'check_digit',
      expected_check_digit: 6,
      errors: [{ pointer: '/body/containers/0/number' }],
    });
    const twice = await client
      .post('/api/shipments', {
        mode: 'ocean_fcl',
        containers: [{ number: 'MSKU1234565' }, { number: 'MSKU 123456 5' }],
      })
      .expect(400);
    expect(twice.body.errors).toEqual([
      { pointer: '/body/containers/1/number', message: 'Container MSKU1234565 is listed twice.' },
    ]);
    expect((await client.post('/api/shipments', { reference: 'no mode' }).expect(400)).body.errors[0].pointer).toBe(
      '/body/mode',
    );
    expect((await client.post('/api/shipments', { mode: 'ocean_fcl', colour: 'blue' }).expect(400)).body.type).toBe(
      'https://docs.tradelane.dev/problems/validation-failed',
    );
    expect((await client.get('/api/shipments?expand=everything').expect(400)).body.errors[0].pointer).toMatch(
      /^\/query\/expand/,
    );
    await client.get('/api/shipments/shp_x?expand=everything').expect(400);
    // A body over the limit, or not JSON, on an update as on a create.
    const created = await client.post('/api/shipments', { mode: 'air' }).expect(201);
    const tooLarge = await client
      .patch(`/api/shipments/${created.body.id}`, { reference: 'x', metadata: { padding: 'x'.repeat(70000) } })
      .expect(413);
    expect(tooLarge.body.detail).toContain('65536 bytes');
    await request(app.hosts.site)
      .patch(`/api/shipments/${created.body.id}`)
      .set('Authorization', `Bearer ${test}`)
      .set('Content-Type', 'text/plain')
      .send('reference=x')
      .expect(415);
    expect(
      (
        await client
          .patch(`/api/shipments/${created.body.id}`, { cargo_lines: [{ id: 'cgl_nope', description: 'x' }] })
          .expect(400)
      ).body.errors[0].pointer,
    ).toBe('/body/cargo_lines/0/id');
  });

  test('the state machine: each action from its state only (409 otherwise), timestamps and events for each step', async () => {
    const { live, accountId } = await businessAccount(app);
    const client = siteClient(app, live);
    const id = (await client.post('/api/shipments', { mode: 'ocean_lcl', reference: 'SM-1' }).expect(201)).body.id;
    const conflict = await client.post(`/api/shipments/${id}/depart`).expect(409);
    expect(conflict.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'invalid_state',
      detail: `Shipment ${id} is draft: depart needs a shipment that is booked.`,
    });
    await client.post(`/api/shipments/${id}/arrive`).expect(409);
    await client.post(`/api/shipments/${id}/deliver`).expect(409);
    const booked = (await client.post(`/api/shipments/${id}/book`).expect(200)).body;
    expect(booked).toMatchObject({
      status: 'booked',
      status_transitions: { booked_at: app.clock.now().toISOString() },
    });
    await client.post(`/api/shipments/${id}/book`).expect(409);
    await client.delete(`/api/shipments/${id}`).expect(409);
    expect((await client.post(`/api/shipments/${id}/depart`).expect(200)).body.status).toBe('in_transit');
    await client.post(`/api/shipments/${id}/cancel`).expect(409);
    expect((await client.post(`/api/shipments/${id}/arrive`).expect(200)).body.status).toBe('arrived');
    const delivered = (await client.post(`/api/shipments/${id}/deliver`).expect(200)).body;
    expect(delivered.status).toBe('delivered');
    expect(Object.values(delivered.status_transitions).filter((t) => t !== null)).toHaveLength(4);
    // Delivered is final.
    await client.patch(`/api/shipments/${id}`, { reference: 'late change' }).expect(409);
    await client.post(`/api/shipments/${id}/estimate-duties`).expect(409);
    await client.delete(`/api/shipments/${id}`).expect(409);
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual([
      'shipment.created',
      'shipment.booked',
      'shipment.departed',
      'shipment.arrived',
      'shipment.delivered',
    ]);
    expect(events.every((e) => e.livemode && e.accountId === accountId)).toBe(true);
    expect(events[4].data.object).toEqual(delivered);

    // Cancelled from draft; a draft or cancelled shipment can be deleted, then it is gone.
    const other = (await client.post('/api/shipments', { mode: 'truck' }).expect(201)).body.id;
    expect((await client.post(`/api/shipments/${other}/cancel`).expect(200)).body.status).toBe('cancelled');
    await client.post(`/api/shipments/${other}/deliver`).expect(409);
    await client.delete(`/api/shipments/${other}`).expect(204);
    await client.get(`/api/shipments/${other}`).expect(404);
    expect((await eventsOf(other)).map((e) => e.type)).toEqual([
      'shipment.created',
      'shipment.cancelled',
      'shipment.deleted',
    ]);
  });

  test('booking tracks the containers (covered by the plan); their status and ETAs show on the shipment; cancelling stops them', async () => {
    const { live, test } = await businessAccount(app);
    const client = siteClient(app, test);
    const second = containerNumber('MSKU', '765432');
    const shipment = (
      await client
        .post('/api/shipments', { ...draft, containers: [{ number: 'MSKU1234565' }, { number: second }] })
        .expect(201)
    ).body;
    const booked = (await client.post(`/api/shipments/${shipment.id}/book`).expect(200)).body;
    expect(booked.containers).toEqual([
      {
        number: 'MSKU1234565',
        tracking: {
          subscription_id: expect.stringMatching(/^trk_/),
          container_id: expect.stringMatching(/^cnt_/),
          status: 'awaiting_data',
          carrier_eta: null,
          predicted_eta: null,
          arrived_at: null,
          data_refreshed_at: null,
          stale: false,
        },
      },
      { number: second, tracking: expect.objectContaining({ status: 'awaiting_data' }) },
    ]);
    const subscriptionId = booked.containers[0].tracking.subscription_id;
    const subscription = (
      await request(app.hosts.main)
        .get(`/api/tracking/subscriptions/${subscriptionId}`)
        .set('X-API-Key', test)
        .expect(200)
    ).body;
    expect(subscription).toMatchObject({ shipment_id: shipment.id, billing: 'test_mode', reference: 'MSKU1234565' });

    // The refresh job fills the containers; the shipment shows it, with the timeline on request.
    await worker.run(trackingRefreshJobName);
    const tracked = (await client.get(`/api/shipments/${shipment.id}`).expect(200)).body;
    expect(tracked.containers[0].tracking).toMatchObject({
      status: expect.not.stringMatching(/^awaiting_data$/),
      carrier_eta: expect.any(String),
      data_refreshed_at: expect.any(String),
    });
    expect(tracked.containers[0].tracking.events).toBeUndefined();
    const expanded = (await client.get(`/api/shipments/${shipment.id}?expand=containers.timeline`).expect(200)).body;
    expect(expanded.containers[0].tracking.events.map((e: { event_type_code: string }) => e.event_type_code)).toContain(
      'GTIN',
    );
    expect(
      (await client.get('/api/shipments?expand=containers.timeline').expect(200)).body.data[0].containers[0].tracking
        .events.length,
    ).toBeGreaterThan(0);

    // A container added on the way is tracked at once; a lessor's box without a carrier cannot be booked.
    const third = containerNumber('MSKU', '111111');
    const patched = (
      await client
        .patch(`/api/shipments/${shipment.id}`, {
          containers: [{ number: 'MSKU1234565' }, { number: second }, { number: third }],
        })
        .expect(200)
    ).body;
    expect(patched.containers[0].tracking.subscription_id).toBe(subscriptionId);
    expect(patched.containers[2].tracking).toMatchObject({
      subscription_id: expect.stringMatching(/^trk_/),
      status: 'awaiting_data',
    });

    const lessor = (
      await client.post('/api/shipments', { mode: 'ocean_fcl', containers: [{ number: 'TCNU1234565' }] }).expect(201)
    ).body;
    const refused = await client.post(`/api/shipments/${lessor.id}/book`).expect(422);
    expect(refused.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/unprocessable',
      errors: [{ pointer: '/body/carrier_scac' }],
    });
    expect((await client.get(`/api/shipments/${lessor.id}`).expect(200)).body.status).toBe('draft');
    await client.patch(`/api/shipments/${lessor.id}`, { carrier_scac: 'MAEU' }).expect(200);
    expect((await client.post(`/api/shipments/${lessor.id}/book`).expect(200)).body.containers[0].tracking.status).toBe(
      'awaiting_data',
    );

    // Cancelling stops the tracking the shipment started.
    await client.post(`/api/shipments/${lessor.id}/cancel`).expect(200);
    const lessorTracking = (await client.get(`/api/shipments/${lessor.id}`).expect(200)).body.containers[0].tracking;
    expect(
      (
        await request(app.hosts.main)
          .get(`/api/tracking/subscriptions/${lessorTracking.subscription_id}`)
          .set('X-API-Key', test)
          .expect(200)
      ).body.status,
    ).toBe('stopped');

    // On a live key the plan covers it: no credit spent, none needed.
    const liveClient = siteClient(app, live);
    const liveShipment = (
      await liveClient
        .post('/api/shipments', { mode: 'ocean_fcl', containers: [{ number: 'CSQU3054383' }] })
        .expect(201)
    ).body;
    const liveBooked = (await liveClient.post(`/api/shipments/${liveShipment.id}/book`).expect(200)).body;
    const liveSubscription = (
      await request(app.hosts.main)
        .get(`/api/tracking/subscriptions/${liveBooked.containers[0].tracking.subscription_id}`)
        .set('X-API-Key', live)
        .expect(200)
    ).body;
    expect(liveSubscription).toMatchObject({ billing: 'covered_by_plan', credit_transaction_id: null, livemode: true });
  });

  test('update: sent fields change, null clears, lists are replaced; the event names what changed', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = (await client.post('/api/shipments', draft).expect(201)).body;
    const lineId = created.cargo_lines[0].id;
    const updated = (
      await client
        .patch(`/api/shipments/${created.id}`, {
          booking_number: '254889123',
          incoterm: null,
          cargo_lines: [{ ...draft.cargo_lines[0], id: lineId }, { description: 'Hangers' }],
        })
        .expect(200)
    ).body;
    expect(updated).toMatchObject({
      booking_number: '254889123',
      incoterm: null,
      reference: 'PO-88213',
      eta: '2026-12-24',
    });
    expect(updated.cargo_lines.map((l: { id: string }) => l.id)).toEqual([lineId, expect.stringMatching(/^cgl_/)]);
    const events = await eventsOf(created.id);
    expect(events[1]).toMatchObject({
      type: 'shipment.updated',
      data: {
        object: updated,
        changeset: { booking_number: [null, '254889123'], incoterm: ['FOB', null], cargo_lines: expect.any(Array) },
      },
    });
    expect(Object.keys(events[1].data.changeset ?? {}).sort()).toEqual(['booking_number', 'cargo_lines', 'incoterm']);
  });

  test('the list: newest first, cursor pages with a Link, filters by status, dates, reference and container', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const start = app.clock.now().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      app.clock.advance(1000);
      const body = {
        mode: 'ocean_fcl',
        reference: `REF-${i % 2}`,
        eta: `2026-12-0${i + 1}`,
        containers: [{ number: containerNumber('MSKU', `20000${i}`) }],
      };
      ids.push((await client.post('/api/shipments', body).expect(201)).body.id);
    }
    await client.post(`/api/shipments/${ids[1]}/book`).expect(200);
    const first = await client.get('/api/shipments?limit=2').expect(200);
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.has_more).toBe(true);
    expect(first.headers.link).toBe(`</api/shipments?limit=2&cursor=${first.body.next_cursor}>; rel="next"`);
    const second = await client.get(`/api/shipments?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const ids_ = async (query: string) =>
      (await client.get(`/api/shipments?${query}`).expect(200)).body.data.map((s: { id: string }) => s.id);
    expect(await ids_('status=booked')).toEqual([ids[1]]);
    expect(await ids_('reference=REF-0')).toEqual([ids[4], ids[2], ids[0]]);
    expect(await ids_('eta_after=2026-12-02&eta_before=2026-12-03')).toEqual([ids[2], ids[1]]);
    expect(
      await ids_(`container_number=${encodeURIComponent(containerNumber('MSKU', '200003').toLowerCase())}`),
    ).toEqual([ids[3]]);
    const third = (await client.get(`/api/shipments/${ids[2]}`).expect(200)).body.created_at;
    expect(
      await ids_(`created_after=${encodeURIComponent(start)}&created_before=${encodeURIComponent(third)}`),
    ).toEqual([ids[1], ids[0]]);
    await client.get('/api/shipments?cursor=bm9wZQ').expect(400);
    await client.get('/api/shipments?status=lost').expect(400);
  });

  test('Idempotency-Key: a create or an action replays; the same key on another request is 422', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const first = await client.post('/api/shipments', { mode: 'air' }).set('Idempotency-Key', 'ship-1').expect(201);
    const replay = await client.post('/api/shipments', { mode: 'air' }).set('Idempotency-Key', 'ship-1').expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    await client.post('/api/shipments', { mode: 'truck' }).set('Idempotency-Key', 'ship-1').expect(422);
    const other = (await client.post('/api/shipments', { mode: 'air' }).expect(201)).body.id;
    const actions = ['book', 'depart', 'arrive', 'deliver', 'cancel', 'estimate-duties'];
    for (const action of actions) {
      // A definite answer (here 404) is kept for the key; 409s and 429s are not.
      await client.post(`/api/shipments/shp_unknown/${action}`).set('Idempotency-Key', `act-${action}`).expect(404);
      const mismatch = await client
        .post(`/api/shipments/${other}/${action}`)
        .set('Idempotency-Key', `act-${action}`)
        .expect(422);
      expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    }
  });

  test('the account API is the business plan: Tariff Pro is 403; a token needs the scope for writes', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'tariff_pro');
    await siteClient(app, key).get('/api/shipments').expect(403);
    await siteClient(app, key).post('/api/shipments', { mode: 'air' }).expect(403);
    const { live } = await businessAccount(app);
    const { token } = await accessTokenFor(app, live, ['shipments:read']);
    await siteClient(app, token).get('/api/shipments').expect(200);
    const refused = await siteClient(app, token).post('/api/shipments', { mode: 'air' }).expect(403);
    expect(refused.headers['www-authenticate']).toContain('shipments:write');
  });

  test('per-second limit: 25 calls a second per account and mode, then 429 with RateLimit headers on every operation', async () => {
    const { accountId, live, test } = await businessAccount(app);
    const id = (await siteClient(app, live).post('/api/shipments', { mode: 'air' }).expect(201)).body.id;
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) {
      const res = await request(app.hosts.site).get('/api/shipments?limit=1').set(auth).expect(200);
      expect(res.headers['ratelimit-policy']).toBe('"account_api";q=25;w=1');
      expect(res.headers.ratelimit).toBe(`"account_api";r=${24 - i};t=1`);
    }
    const site = request(app.hosts.site);
    const calls = [
      site.get('/api/shipments'),
      site.post('/api/shipments').send({ mode: 'air' }),
      site.get(`/api/shipments/${id}`),
      site.patch(`/api/shipments/${id}`).send({ reference: 'x' }),
      site.delete(`/api/shipments/${id}`),
      ...['book', 'depart', 'arrive', 'deliver', 'cancel', 'estimate-duties'].map((action) =>
        site.post(`/api/shipments/${id}/${action}`),
      ),
    ];
    for (const call of calls) {
      const res = await call.set(auth).expect(429);
      expect(res.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/rate-limited',
        detail: '25 account_api calls a second at most; retry in 1 second.',
      });
      expect(res.headers['retry-after']).toBe('1');
    }
    // Test keys count with the account's live calls (one budget per account); the next second starts afresh.
    await request(app.hosts.site)
      .get('/api/shipments')
      .set({ Authorization: `Bearer ${test}` })
      .expect(429);
    app.clock.advance(1000);
    await request(app.hosts.site).get(`/api/shipments/${id}`).set(auth).expect(200);
    // Past seconds are forgotten, so the counters do not pile up: the account keeps only this second's row.
    const counters = await app.db
      .knex('quota_counters')
      .where({ bucket: 'account_api', subject: `${accountId}:live` })
      .select('window_start', 'used');
    expect(counters.map((row) => ({ ...row, used: Number(row.used) }))).toEqual([
      { window_start: String(Math.floor(app.clock.now().getTime() / 1000)), used: 1 },
    ]);
  });
});

describe('duty estimates without the duty rules loaded', () => {
  test('answer 503 not-ready', async () => {
    const bare = await createTestApp();
    try {
      const { live } = await businessAccount(bare);
      const id = (await siteClient(bare, live).post('/api/shipments', { mode: 'air' }).expect(201)).body.id;
      const res = await siteClient(bare, live).post(`/api/shipments/${id}/estimate-duties`).expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
    } finally {
      await bare.close();
    }
  });
});

describe('duty estimates with the duty rules', () => {
  test('each cargo line is estimated with the HTS release and rules version; missing facts are said, never zero', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const shipment = (
      await client
        .post('/api/shipments', {
          ...draft,
          cargo_lines: [
            ...draft.cargo_lines,
            { description: 'Samples', hts_code: '6109100012', country_of_origin: 'CN' },
            {
              description: 'Euro goods',
              hts_code: '6109100012',
              country_of_origin: 'CN',
              value: { amount: '100.00', currency: 'EUR' },
            },
            {
              description: 'Unknown code',
              hts_code: '0000000000',
              country_of_origin: 'CN',
              value: { amount: '100.00', currency: 'USD' },
            },
          ],
        })
        .expect(201)
    ).body;
    const estimated = (await client.post(`/api/shipments/${shipment.id}/estimate-duties`).expect(200)).body;
    const [tshirts, samples, euro, unknown] = estimated.cargo_lines.map(
      (l: { duty_estimate: unknown }) => l.duty_estimate,
    );
    // Its duty is known; its total is not while the entry's fees are unknown (below).
    expect(tshirts).toMatchObject({
      status: 'unresolved',
      entry_date: '2026-12-24',
      hts_release: expect.any(String),
      rules_version: expect.any(String),
      duty: { amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'USD' },
      total: null,
    });
    expect(Number(tshirts.duty.amount)).toBeGreaterThan(0);
    expect(tshirts.programs.map((p: { family: string }) => p.family)).toContain('base');
    // The calculator gives the same figure for the same facts.
    const direct = (
      await request(app.hosts.main)
        .post('/api/tariff/public/calculate')
        .send({
          hts_code: '6109100012',
          country_code: 'CN',
          declared_value: 48000,
          entry_date: '2026-12-24',
          mode: 'ocean',
        })
        .expect(200)
    ).body;
    expect(tshirts.duty.amount).toBe(Number(direct.total_duty).toFixed(2));
    expect(samples).toMatchObject({ status: 'unresolved', reason: 'The line has no value.', duty: null, total: null });
    expect(euro).toMatchObject({ status: 'unresolved', reason: expect.stringContaining('EUR'), duty: null });
    expect(unknown).toMatchObject({
      status: 'unresolved',
      reason: 'HTS code 0000.00.0000 is not in the tariff schedule',
      duty: null,
    });
    expect((await eventsOf(shipment.id)).map((e) => e.type)).toEqual(['shipment.created', 'shipment.duties_estimated']);
    // Lines without a USD value leave the entry's value, so its fees, unknown: the priced line says so.
    expect(tshirts.fees).toBeNull();
    expect(tshirts.reason).toContain("fees.mpf: line 2 has no value in USD, so the entry's value is unknown");
    // Lines kept with the same facts keep their estimates; a changed value on one line drops them all
    // (the fees are the entry's, so every line's share changes).
    const lines = estimated.cargo_lines.map(
      ({ duty_estimate: _estimate, ...line }: { duty_estimate: unknown }) => line,
    );
    const renamed = (
      await client
        .patch(`/api/shipments/${shipment.id}`, {
          cargo_lines: [{ ...lines[0], description: 'Tees' }, ...lines.slice(1)],
        })
        .expect(200)
    ).body;
    expect(renamed.cargo_lines[0].duty_estimate).toEqual(tshirts);
    const changed = (
      await client
        .patch(`/api/shipments/${shipment.id}`, {
          cargo_lines: [lines[0], { ...lines[1], value: { amount: '5.00', currency: 'USD' } }],
        })
        .expect(200)
    ).body;
    expect(changed.cargo_lines.map((l: { duty_estimate: unknown }) => l.duty_estimate)).toEqual([null, null]);
  });

  test('the merchandise processing fee is per entry: the lines share one capped fee, never one cap each', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const line = { description: 'Cotton T-shirts', hts_code: '6109100012', country_of_origin: 'CN' };
    const shipment = (
      await client
        .post('/api/shipments', {
          mode: 'ocean_fcl',
          eta: '2026-12-24',
          cargo_lines: [
            { ...line, value: { amount: '150000.00', currency: 'USD' } },
            { ...line, value: { amount: '100000.00', currency: 'USD' } },
            { ...line, value: { amount: '50000.00', currency: 'USD' } },
          ],
        })
        .expect(201)
    ).body;
    const estimates = (
      await client.post(`/api/shipments/${shipment.id}/estimate-duties`).expect(200)
    ).body.cargo_lines.map((l: { duty_estimate: { fees: { amount: string } } }) => l.duty_estimate);
    // 300,000 x 0.3464% = 1,039.20 is over the FY2027 maximum of 670.86 (each line alone would be
    // 519.60, 346.40 and 173.20: 1,039.20 in all); HMF is 0.125% of each line, uncapped (375.00 in all).
    // Shares of the MPF by value: 335.43, 223.62, 111.81.
    expect(estimates.map((e: { fees: { amount: string } }) => e.fees.amount)).toEqual(['522.93', '348.62', '174.31']);
    const fees = estimates.reduce(
      (sum: number, e: { fees: { amount: string } }) => sum + Math.round(Number(e.fees.amount) * 100),
      0,
    );
    expect(fees).toBe(67086 + 37500);
    expect(estimates.every((e: { status: string }) => e.status === 'estimated')).toBe(true);
  });
});
