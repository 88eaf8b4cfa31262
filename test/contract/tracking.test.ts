import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { sha256Hex } from '../../src/domain/access/secrets';
import { testModeSamples } from '../../src/domain/access/test-mode-samples';
import { sandboxSamples } from '../../src/domain/tracking/providers/sandbox/sandbox-samples';
import { newId } from '../../src/domain/shared/ids';
import { defineTrackingRefreshJob, trackingRefreshJobName } from '../../src/jobs/tracking-refresh.job';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';
import { testDialect } from '../support/database';
import { recordingAgenda } from '../support/recording-agenda';

const adminToken = 'admin-token-for-tracking-tests';
const day = 86_400_000;

let app: TestApp;
const worker = recordingAgenda();

/** Runs the tracking refresh job as the worker registers it, at the TestClock's time. */
const runRefreshJob = () => worker.run(trackingRefreshJobName);

beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true, adminTokenSha256: sha256Hex(adminToken) } });
  app.clock.set('2026-11-22T10:00:00.000Z');
  const { refresh, positions, config } = app.deps.tracking;
  await defineTrackingRefreshJob(worker.agenda, {
    refresh,
    every: config.refresh.jobEvery,
    maxRunMs: config.refresh.maxRunMs,
    positions,
    positionRetentionMs: config.ais.positionRetentionMs,
    clock: app.clock,
  });
});
afterAll(() => app.close());

const key = (secret: string) => ({ 'X-API-Key': secret });

/** A fresh account with its live key and a test key (made through the site host, as a user would). */
async function account(): Promise<{ live: string; test: string; email: string; accountId: string }> {
  const { key: live, email, accountId } = await signUp(app);
  const test = (
    await request(app.hosts.site)
      .post('/api/keys')
      .set('Authorization', `Bearer ${live}`)
      .send({ mode: 'test' })
      .expect(201)
  ).body.secret;
  return { live, test, email, accountId };
}

const track = (secret: string, body: object) =>
  request(app.hosts.main).post('/api/tracking/subscriptions').set(key(secret)).send(body);
const container = (secret: string, ref: string) =>
  request(app.hosts.main).get(`/api/tracking/containers/${ref}`).set(key(secret));
const grant = (body: object) =>
  request(app.hosts.site).post('/api/admin/tracking-credits').set('X-Admin-Token', adminToken).send(body);

describe(`container tracking on ${testDialect}`, () => {
  test('a sandbox container end to end: created with a test key, filled by the refresh job, read with timeline, position and predicted ETA', async () => {
    const { test, accountId, email } = await account();
    // Not a sample container: a test key pays for it with the account's own credit, as a live key would.
    await track(test, { reference_type: 'container', reference: 'msku 123456-5' }).expect(402);
    await grant({ email, credits: '1', reason: 'sandbox end to end' }).expect(201);
    const created = await track(test, { reference_type: 'container', reference: 'msku 123456-5' }).expect(201);
    expect(created.body).toMatchObject({
      object: 'tracking_subscription',
      livemode: false,
      reference_type: 'container',
      reference: 'MSKU1234565',
      carrier_scac: 'MAEU',
      carrier_name: 'Maersk',
      carrier_source: 'owner_prefix',
      status: 'active',
      credit_transaction_id: expect.stringMatching(/^crl_/),
      billing: 'credit',
      shipment_id: null,
      last_refreshed_at: null,
      containers: [{ id: expect.stringMatching(/^cnt_/), container_number: 'MSKU1234565', status: 'awaiting_data' }],
    });
    expect(created.headers.location).toBe(`/api/tracking/subscriptions/${created.body.id}`);
    const containerId = created.body.containers[0].id;
    // Answered from the database before any refresh: awaiting data, nothing invented.
    expect((await container(test, containerId).expect(200)).body).toMatchObject({
      status: 'awaiting_data',
      events: [],
      position: null,
      stale: false,
      data_refreshed_at: null,
    });

    await runRefreshJob();
    const atOrigin = (await container(test, 'MSKU1234565').expect(200)).body;
    expect(atOrigin).toMatchObject({
      id: containerId,
      object: 'container',
      livemode: false,
      status: 'gated_in',
      origin: { locode: 'NLRTM', name: 'Rotterdam', lat: expect.any(Number), lon: expect.any(Number) },
      destination: { locode: 'DEHAM', name: 'Hamburg' },
      vessel: { name: expect.stringMatching(/^SANDBOX /), imo: expect.stringMatching(/^\d{7}$/) },
      carrier_eta: expect.any(String),
      stale: false,
      data_age_seconds: 0,
    });
    // The DCSA timeline in time order: actuals behind, the carrier's estimates and plans ahead.
    const codes = atOrigin.events.map(
      (e: { event_type_code: string; event_classifier_code: string }) =>
        `${e.event_type_code} ${e.event_classifier_code}`,
    );
    expect(codes).toEqual([
      'GTOT ACT',
      'GTIN ACT',
      'LOAD EST',
      'DEPA EST',
      'ARRI EST',
      'DISC EST',
      'AVPU PLN',
      'GTOT PLN',
      'GTIN PLN',
    ]);
    expect(atOrigin.events.find((e: { event_type_code: string }) => e.event_type_code === 'DEPA')).toMatchObject({
      event_type: 'TRANSPORT',
      location: { locode: 'NLRTM', name: 'Rotterdam' },
      mode_of_transport: 'VESSEL',
      vessel: { name: atOrigin.vessel.name, imo: atOrigin.vessel.imo },
      source: 'sandbox',
    });
    const subscription = (
      await request(app.hosts.main).get(`/api/tracking/subscriptions/${created.body.id}`).set(key(test)).expect(200)
    ).body;
    expect(subscription).toMatchObject({
      last_refreshed_at: '2026-11-22T10:00:00.000Z',
      last_refresh_error: null,
      containers: [{ id: containerId, status: 'gated_in' }],
    });

    // Two days on the vessel is at sea: an AIS position (sandbox), and our ETA from the sea route.
    app.clock.advance(2 * day);
    await runRefreshJob();
    const atSea = (await container(test, containerId).expect(200)).body;
    expect(atSea).toMatchObject({
      status: 'in_transit',
      vessel: { mmsi: expect.stringMatching(/^\d{9}$/) },
      position: {
        lat: expect.any(Number),
        lon: expect.any(Number),
        speed_knots: expect.any(Number),
        source: 'sandbox',
        age_seconds: expect.any(Number),
      },
      predicted_eta: expect.any(String),
      predicted_eta_basis: {
        method: 'sea_route_distance_over_recent_sog',
        via: ['DEHAM'],
        remaining_distance_nm: expect.any(Number),
        speed_knots: expect.any(Number),
      },
    });
    expect(atSea.predicted_eta_basis.remaining_distance_nm).toBeGreaterThan(0);
    // Within a day of the carrier's estimate on a short North Sea leg.
    expect(Math.abs(Date.parse(atSea.predicted_eta) - Date.parse(atSea.carrier_eta))).toBeLessThan(day);

    app.clock.advance(2 * day);
    await runRefreshJob();
    const arrived = (await container(test, containerId).expect(200)).body;
    expect(arrived).toMatchObject({ status: 'discharged', arrived_at: expect.any(String) });

    // Every change went to the outbox for webhook delivery, as test-mode events of this account, carrying the resource.
    const events = (await new OutboxEventRepository(app.db.knex).listUndelivered(1000)).filter(
      (e) => e.subjectId === containerId,
    );
    // The carrier's ETA moved by more than the threshold once the sandbox revealed the leg's delay.
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['container.updated', 'container.eta_changed', 'container.arrived']),
    );
    expect(events.filter((e) => e.type === 'container.updated').length).toBeGreaterThanOrEqual(3);
    expect(events.every((e) => e.livemode === false && e.accountId === accountId)).toBe(true);
    const arrival = events.find((e) => e.type === 'container.arrived')!;
    expect((arrival.data as { object: { id: string; status: string } }).object).toMatchObject({
      id: containerId,
      status: 'discharged',
    });

    // One balance and one ledger per account, read alike with either key.
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(test)).expect(200)).body,
    ).toMatchObject({ livemode: false, unlimited: false, balance: '0.00', used_this_month: 1 });
    const ledger = (await request(app.hosts.main).get('/api/tracking/credit-transactions').set(key(test)).expect(200))
      .body;
    expect(ledger.data.map((entry: { credits: string }) => entry.credits)).toEqual(['-1.00', '1.00']);
  });

  test('test mode sample containers: free on a test key without credits, each at its status at the first refresh and walking on; a live key gets no sandbox data for them', async () => {
    const { test, live, email } = await account();
    const subscriptions = new Map<string, string>();
    for (const number of testModeSamples.createTrackingSubscription.containers) {
      const created = await track(test, { reference_type: 'container', reference: number }).expect(201);
      expect(created.body).toMatchObject({
        livemode: false,
        carrier_scac: 'MAEU',
        billing: 'test_mode',
        credit_transaction_id: null,
      });
      subscriptions.set(number, created.body.id);
    }
    await runRefreshJob();
    for (const sample of sandboxSamples) {
      const body = (await container(test, sample.containerNumber).expect(200)).body;
      expect({ number: sample.containerNumber, status: body.status }).toEqual({
        number: sample.containerNumber,
        status: sample.outcome === 'not_found' ? 'awaiting_data' : sample.outcome,
      });
      expect(body.stale).toBe(sample.outcome === 'not_found');
    }
    const atSea = (await container(test, 'MSKU0001039').expect(200)).body;
    expect(atSea).toMatchObject({
      position: { source: 'sandbox', speed_knots: expect.any(Number) },
      carrier_eta: expect.any(String),
      predicted_eta: expect.any(String),
    });
    expect((await container(test, 'MSKU0001086').expect(200)).body).toMatchObject({
      events: [],
      stale_reason: expect.stringContaining('knows no container MSKU0001086'),
    });
    const subscription = (id: string) =>
      request(app.hosts.main).get(`/api/tracking/subscriptions/${id}`).set(key(test)).expect(200);
    expect((await subscription(subscriptions.get('MSKU0001070')!)).body.status).toBe('completed');
    // Free: nothing spent, nothing in the ledger.
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(test)).expect(200)).body,
    ).toMatchObject({ balance: '0.00', used_this_month: 0 });
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-transactions').set(key(test)).expect(200)).body.data,
    ).toEqual([]);

    // The clock walks them on: a day later the discharged box is available for pickup.
    app.clock.advance(day + 3_600_000);
    await runRefreshJob();
    expect((await container(test, 'MSKU0001044').expect(200)).body.status).toBe('available_for_pickup');

    // A live key pays for the same number and never sees the sandbox: no carrier is configured here.
    await track(live, { reference_type: 'container', reference: 'MSKU0001039' }).expect(402);
    await grant({ email, credits: '1', reason: 'live sample' }).expect(201);
    expect(
      (await track(live, { reference_type: 'container', reference: 'MSKU0001039' }).expect(201)).body,
    ).toMatchObject({ livemode: true, billing: 'credit' });
    await runRefreshJob();
    expect((await container(live, 'MSKU0001039').expect(200)).body).toMatchObject({
      livemode: true,
      status: 'awaiting_data',
      events: [],
      position: null,
      vessel: null,
      stale: true,
      stale_reason: 'no carrier events provider is configured for MAEU',
    });
  });

  test('a wrong check digit is 400 naming the expected digit; other bad references say what is wrong', async () => {
    const { test, live } = await account();
    const res = await track(live, { reference_type: 'container', reference: 'MSCU1234567' }).expect(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/validation-failed',
      reason: 'check_digit',
      expected_check_digit: 6,
      errors: [{ pointer: '/body/reference' }],
    });
    expect((await track(test, { reference_type: 'container', reference: 'MSCU12345' }).expect(400)).body).toMatchObject(
      { reason: 'format' },
    );
    // A lessor's box names no carrier: the caller must.
    expect(
      (await track(test, { reference_type: 'container', reference: 'TCNU1234565' }).expect(400)).body.errors,
    ).toEqual([{ pointer: '/body/carrier_scac', message: expect.stringContaining('carrier_scac') }]);
    expect(
      (await track(test, { reference_type: 'booking', reference: '12345678' }).expect(400)).body.errors[0].pointer,
    ).toBe('/body/carrier_scac');
    await track(test, { reference_type: 'container', reference: 'MSKU1234565', carrier_scac: 'M1' }).expect(400);
  });

  test('a live key without credits is 402 and creates nothing; an admin grant pays for the next one at the plan tier', async () => {
    const { live, email, accountId } = await account();
    const refused = await track(live, { reference_type: 'container', reference: 'CSQU3054383' }).expect(402);
    expect(refused.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/insufficient-credits',
      status: 402,
      balance: '0.00',
      required_credits: '1.00',
    });
    expect(
      (await request(app.hosts.main).get('/api/tracking/subscriptions').set(key(live)).expect(200)).body.data,
    ).toEqual([]);

    const granted = await grant({ email, credits: '3', reason: 'pilot' }).expect(201);
    expect(granted.body).toMatchObject({
      object: 'tracking_credit_transaction',
      account_id: accountId,
      kind: 'grant',
      credits: '3.00',
      balance_after: '3.00',
      reason: 'pilot',
      unit_price: null,
    });
    const created = await track(live, { reference_type: 'container', reference: 'CSQU3054383' }).expect(201);
    expect(created.body).toMatchObject({
      livemode: true,
      carrier_scac: 'HLCU',
      credit_transaction_id: expect.stringMatching(/^crl_/),
      billing: 'credit',
    });

    // Free plan: the list price. Then Tariff Pro: its first volume tier.
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(live)).expect(200)).body,
    ).toMatchObject({
      object: 'tracking_credit_balance',
      livemode: true,
      plan: 'free',
      unlimited: false,
      balance: '2.00',
      used_this_month: 1,
      list_price: { amount: '1.50', currency: 'USD' },
      next_unit_price: { amount: '1.50', currency: 'USD' },
      next_discount_percent: 0,
    });
    await setPlan(app, email, 'tariff_pro');
    const pro = (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(live)).expect(200)).body;
    expect(pro).toMatchObject({ plan: 'tariff_pro', next_unit_price: { amount: '1.20' }, next_discount_percent: 20 });
    expect(pro.tiers.at(-1)).toEqual({
      up_to: null,
      unit_price: { amount: '0.15', currency: 'USD' },
      discount_percent: 90,
    });
    const second = await track(live, { reference_type: 'bill_of_lading', reference: 'HLCU12345678' }).expect(201);

    const ledger = (await request(app.hosts.main).get('/api/tracking/credit-transactions').set(key(live)).expect(200))
      .body;
    expect(
      ledger.data.map((t: { kind: string; credits: string; balance_after: string }) => [
        t.kind,
        t.credits,
        t.balance_after,
      ]),
    ).toEqual([
      ['consume', '-1.00', '1.00'],
      ['consume', '-1.00', '2.00'],
      ['grant', '3.00', '3.00'],
    ]);
    expect(ledger.data[0]).toMatchObject({
      id: second.body.credit_transaction_id,
      subscription_id: second.body.id,
      unit_price: { amount: '1.20', currency: 'USD' },
      amount: { amount: '1.20', currency: 'USD' },
    });
    expect(ledger.data[1]).toMatchObject({ subscription_id: created.body.id, unit_price: { amount: '1.50' } });
    const paged = await request(app.hosts.main)
      .get('/api/tracking/credit-transactions?limit=2')
      .set(key(live))
      .expect(200);
    expect(paged.body.has_more).toBe(true);
    const rest = (
      await request(app.hosts.main)
        .get(`/api/tracking/credit-transactions?limit=2&cursor=${paged.body.next_cursor}`)
        .set(key(live))
        .expect(200)
    ).body;
    expect(rest.data.map((t: { kind: string }) => t.kind)).toEqual(['grant']);

    // Live subscriptions never reach the sandbox: with no DCSA endpoint configured for the carrier,
    // the refresh keeps them awaiting data and says why.
    await runRefreshJob();
    const live1 = (await container(live, 'CSQU3054383').expect(200)).body;
    expect(live1).toMatchObject({
      livemode: true,
      status: 'awaiting_data',
      events: [],
      stale: true,
      stale_reason: 'no carrier events provider is configured for HLCU',
    });
    expect(
      (await request(app.hosts.main).get(`/api/tracking/subscriptions/${created.body.id}`).set(key(live)).expect(200))
        .body.last_refresh_error,
    ).toBe('no carrier events provider is configured for HLCU');
  });

  test("the business plan tracks its own shipments' containers without a credit; other plans pay, other accounts' shipments are not found", async () => {
    const shipmentOf = async (accountId: string, id: string) => {
      const at = app.clock.now().getTime();
      await app.db.knex('shipments').insert({
        id,
        account_id: accountId,
        reference: 'PO-7',
        status: 'in_transit',
        origin_locode: 'CNSHA',
        destination_locode: 'NLRTM',
        created_at: at,
        updated_at: at,
      });
      return id;
    };
    const business = await account();
    await setPlan(app, business.email, 'business');
    const own = await shipmentOf(business.accountId, newId('shp'));

    const covered = await track(business.live, {
      reference_type: 'container',
      reference: 'MSKU1234565',
      shipment_id: own,
    }).expect(201);
    expect(covered.body).toMatchObject({
      livemode: true,
      shipment_id: own,
      billing: 'covered_by_plan',
      credit_transaction_id: null,
    });
    expect(
      (
        await request(app.hosts.main)
          .get(`/api/tracking/subscriptions/${covered.body.id}`)
          .set(key(business.live))
          .expect(200)
      ).body,
    ).toMatchObject({ shipment_id: own, billing: 'covered_by_plan' });
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(business.live)).expect(200)).body,
    ).toMatchObject({ balance: '0.00', used_this_month: 0 });
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-transactions').set(key(business.live)).expect(200)).body
        .data,
    ).toEqual([]);
    // Without a shipment of its own, business pays like anyone else.
    await track(business.live, { reference_type: 'container', reference: 'CSQU3054383' }).expect(402);

    const other = await account();
    const theirs = await shipmentOf(other.accountId, newId('shp'));
    for (const shipment_id of [theirs, 'shp_unknown']) {
      const refused = await track(business.live, {
        reference_type: 'container',
        reference: 'CSQU3054383',
        shipment_id,
      }).expect(404);
      expect(refused.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/not-found',
        errors: [{ pointer: '/body/shipment_id', message: `No shipment ${shipment_id} in this account.` }],
      });
    }

    // Free: the link is recorded, the credit is still due.
    await track(other.live, { reference_type: 'container', reference: 'CSQU3054383', shipment_id: theirs }).expect(402);
    await grant({ email: other.email, credits: '1', reason: 'pilot' }).expect(201);
    const paid = await track(other.live, {
      reference_type: 'container',
      reference: 'CSQU3054383',
      shipment_id: theirs,
    }).expect(201);
    expect(paid.body).toMatchObject({
      shipment_id: theirs,
      billing: 'credit',
      credit_transaction_id: expect.stringMatching(/^crl_/),
    });
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(other.live)).expect(200)).body.balance,
    ).toBe('0.00');
  });

  test('a subscription links a shipment of its own mode only: a test key never a live shipment, a live key never a test one (nor is it covered by the plan)', async () => {
    const owner = await account();
    await setPlan(app, owner.email, 'business');
    const shipment = (secret: string) =>
      request(app.hosts.site)
        .post('/api/shipments')
        .set('Authorization', `Bearer ${secret}`)
        .send({ reference: 'PO-mode', mode: 'ocean_fcl' })
        .expect(201)
        .then((res) => res.body as { id: string; livemode: boolean });
    const live = await shipment(owner.live);
    const test = await shipment(owner.test);
    expect([live.livemode, test.livemode]).toEqual([true, false]);
    const sample = sandboxSamples[0].containerNumber;
    for (const [secret, other] of [
      [owner.test, live.id],
      [owner.live, test.id],
    ]) {
      const refused = await track(secret, {
        reference_type: 'container',
        reference: sample,
        shipment_id: other,
      }).expect(404);
      expect(refused.body.errors).toEqual([
        { pointer: '/body/shipment_id', message: `No shipment ${other} in this account.` },
      ]);
    }
    expect(
      (await request(app.hosts.main).get('/api/tracking/subscriptions').set(key(owner.live)).expect(200)).body.data,
    ).toEqual([]);
    const linked = await track(owner.test, {
      reference_type: 'container',
      reference: sample,
      shipment_id: test.id,
    }).expect(201);
    expect(linked.body).toMatchObject({ livemode: false, shipment_id: test.id, billing: 'test_mode' });
  });

  test('admin grants: an unknown account is 404, a bad amount 400', async () => {
    await grant({ email: 'nobody@example.com', credits: '5', reason: 'pilot' }).expect(404);
    const { email } = await account();
    expect((await grant({ email, credits: '0', reason: 'pilot' }).expect(400)).body.errors).toEqual([
      { pointer: '/body/credits', message: 'a grant must add a positive number of credits' },
    ]);
    expect((await grant({ email, credits: '1.234', reason: 'pilot' }).expect(400)).body.errors[0].pointer).toBe(
      '/body/credits',
    );
    await request(app.hosts.site)
      .post('/api/admin/tracking-credits')
      .send({ email, credits: '5', reason: 'pilot' })
      .expect(401);
  });

  test('the same reference twice is 409 naming the active subscription; stopped, it can be tracked again', async () => {
    const { test } = await account();
    const first = await track(test, { reference_type: 'container', reference: 'MSKU0001023' }).expect(201);
    const again = await track(test, { reference_type: 'container', reference: 'MSKU 000102-3' }).expect(409);
    expect(again.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'already_exists',
      existing_subscription_id: first.body.id,
    });

    app.clock.advance(1000);
    const stopped = await request(app.hosts.main)
      .delete(`/api/tracking/subscriptions/${first.body.id}`)
      .set(key(test))
      .expect(200);
    expect(stopped.body).toMatchObject({
      id: first.body.id,
      status: 'stopped',
      stopped_at: app.clock.now().toISOString(),
    });
    // Stopping again changes nothing; a stopped subscription is no longer refreshed.
    expect(
      (await request(app.hosts.main).delete(`/api/tracking/subscriptions/${first.body.id}`).set(key(test)).expect(200))
        .body.stopped_at,
    ).toBe(stopped.body.stopped_at);
    app.clock.advance(day);
    await runRefreshJob();
    const after = (
      await request(app.hosts.main).get(`/api/tracking/subscriptions/${first.body.id}`).set(key(test)).expect(200)
    ).body;
    expect(after.last_refresh_attempt_at).toBe(stopped.body.last_refresh_attempt_at);

    const second = await track(test, { reference_type: 'container', reference: 'MSKU0001023' }).expect(201);
    // The number now names the active subscription's container.
    expect((await container(test, 'MSKU0001023').expect(200)).body.subscription_id).toBe(second.body.id);
  });

  test('Idempotency-Key replays a creation without charging twice; reused with another body it is 422', async () => {
    const { live, email } = await account();
    await grant({ email, credits: '2', reason: 'pilot' }).expect(201);
    const body = { reference_type: 'container', reference: 'CBHU3202732' };
    const first = await track(live, body).set('Idempotency-Key', 'create-cbhu').expect(201);
    const replay = await track(live, body).set('Idempotency-Key', 'create-cbhu').expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect(
      (await request(app.hosts.main).get('/api/tracking/credit-balance').set(key(live)).expect(200)).body.balance,
    ).toBe('1.00');
    await track(live, { reference_type: 'container', reference: 'MEDU8707688' })
      .set('Idempotency-Key', 'create-cbhu')
      .expect(422);
  });

  test('lists page by cursor, oldest first, with a Link to the next page; status filters', async () => {
    const { test } = await account();
    const refs = testModeSamples.createTrackingSubscription.containers.slice(0, 5);
    const ids: string[] = [];
    for (const reference of refs) {
      app.clock.advance(1000);
      ids.push((await track(test, { reference_type: 'container', reference }).expect(201)).body.id);
    }
    await request(app.hosts.main).delete(`/api/tracking/subscriptions/${ids[1]}`).set(key(test)).expect(200);

    const seen: string[] = [];
    let url: string | null = '/api/tracking/subscriptions?limit=2';
    let pages = 0;
    while (url) {
      const page: request.Response = await request(app.hosts.main).get(url).set(key(test)).expect(200);
      seen.push(...page.body.data.map((s: { reference: string }) => s.reference));
      pages += 1;
      expect(page.body.has_more).toBe(page.body.next_cursor !== null);
      // A Link header exactly when there is a next page; following it is the same as passing next_cursor.
      expect(page.headers.link !== undefined).toBe(page.body.has_more);
      url = page.body.has_more ? (/^<([^>]+)>; rel="next"$/.exec(page.headers.link)?.[1] ?? 'missing Link') : null;
    }
    expect(seen).toEqual(refs);
    expect(pages).toBe(3);
    const active = (
      await request(app.hosts.main).get('/api/tracking/subscriptions?status=active').set(key(test)).expect(200)
    ).body.data;
    expect(active.map((s: { id: string }) => s.id)).toEqual(ids.filter((id) => id !== ids[1]));
    expect(
      (await request(app.hosts.main).get('/api/tracking/subscriptions?cursor=bm9wZQ').set(key(test)).expect(400)).body
        .errors,
    ).toEqual([{ pointer: '/query/cursor', message: expect.any(String) }]);
    await request(app.hosts.main).get('/api/tracking/subscriptions?status=paused').set(key(test)).expect(400);
  });

  test("another account's subscriptions and containers, and the other mode's, are not found", async () => {
    const owner = await account();
    const other = await account();
    const created = (await track(owner.test, { reference_type: 'container', reference: 'MSKU0001050' }).expect(201))
      .body;
    const id = created.id;
    const containerId = created.containers[0].id;
    for (const secret of [other.test, other.live, owner.live]) {
      await request(app.hosts.main).get(`/api/tracking/subscriptions/${id}`).set(key(secret)).expect(404);
      await request(app.hosts.main).delete(`/api/tracking/subscriptions/${id}`).set(key(secret)).expect(404);
      await container(secret, containerId).expect(404);
      await container(secret, 'MSKU0001050').expect(404);
      expect(
        (await request(app.hosts.main).get('/api/tracking/subscriptions').set(key(secret)).expect(200)).body.data.map(
          (s: { id: string }) => s.id,
        ),
      ).not.toContain(id);
    }
    expect(
      (await request(app.hosts.main).get(`/api/tracking/subscriptions/${id}`).set(key(owner.test)).expect(200)).body.id,
    ).toBe(id);
    expect((await container(owner.test, 'cnt_unknown').expect(404)).body.type).toBe(
      'https://docs.tradelane.dev/problems/not-found',
    );
  });
});
