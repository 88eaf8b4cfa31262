import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { newOutboxEvent } from '../../src/domain/shared/outbox-event';
import { currentApiVersion } from '../../src/http/api-version';
import { createTestApp, TestApp } from '../support/app';
import { signUp, testKeyFor } from '../support/accounts';
import { deliverDue, startWebhookReceiver, verifyDelivery, WebhookReceiver } from '../support/webhook-receiver';

let app: TestApp;
let receiver: WebhookReceiver;
let key: string;
let accountId: string;
beforeAll(async () => {
  // Deliveries go to a receiver on 127.0.0.1: the development setting allows it (the guard's refusals are tested below and in the unit tests).
  app = await createTestApp({ webhooks: { allowPrivateTargets: true, timeoutMs: 2000 } });
  receiver = await startWebhookReceiver();
  ({ key, accountId } = await signUp(app));
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

const site = () => request(app.hosts.site);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const createEndpoint = async (token: string, body: object = {}) =>
  (
    await site()
      .post('/api/webhook-endpoints')
      .set(bearer(token))
      .send({ url: `${receiver.url}/hooks`, events: ['*'], ...body })
      .expect(201)
  ).body;

/** An event as a capability writes it: to the outbox, for the account. */
async function writeEvent(type: string, object: object, livemode = true, createdAt = app.clock.now().getTime()) {
  const event = newOutboxEvent(type, { accountId, livemode, data: { object } }, createdAt);
  await new OutboxEventRepository(app.db.knex).append([event]);
  return event;
}

describe('POST /api/webhook-endpoints and the endpoint resource', () => {
  it('registers an endpoint, shows its signing secret once, and lists and gets it without', async () => {
    const created = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .send({ url: `${receiver.url}/a`, events: ['container.*', 'tariff.changed'], description: 'ERP' })
      .expect(201);
    expect(created.headers.location).toBe(`/api/webhook-endpoints/${created.body.id}`);
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      livemode: true,
      status: 'enabled',
      events: ['container.*', 'tariff.changed'],
      description: 'ERP',
      disabled_reason: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await site().get('/api/webhook-endpoints').set(bearer(key)).expect(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(created.body.id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const one = await site().get(`/api/webhook-endpoints/${created.body.id}`).set(bearer(key)).expect(200);
    expect(one.body.secret).toBeUndefined();
  });

  it('keeps modes and accounts apart: a test key and another account see none of these endpoints (404)', async () => {
    const endpoint = await createEndpoint(key);
    const testKey = await testKeyFor(app, key);
    expect((await site().get('/api/webhook-endpoints').set(bearer(testKey)).expect(200)).body.data).toEqual([]);
    await site().get(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(testKey)).expect(404);
    const other = await signUp(app);
    const res = await site().get(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(other.key)).expect(404);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-found');
    await site().delete(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(other.key)).expect(404);
  });

  it('answers 400 for an unknown event family and for a URL that is not http(s)', async () => {
    const unknown = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .send({ url: `${receiver.url}/a`, events: ['parcel.quoted'] })
      .expect(400);
    expect(unknown.body.errors[0]).toMatchObject({ pointer: '/body/events/0' });
    const scheme = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .send({ url: 'ftp://example.com/x', events: ['*'] })
      .expect(400);
    expect(scheme.body.errors[0]).toMatchObject({ pointer: '/body/url' });
    await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .send({ url: 'https://example.com/x', events: ['not a pattern'] })
      .expect(400);
  });

  it('answers 422 when an Idempotency-Key is reused with another body, and 409 to a replay (the signing secret is never stored)', async () => {
    const first = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .set('Idempotency-Key', 'we-1')
      .send({ url: `${receiver.url}/i`, events: ['*'] })
      .expect(201);
    const replay = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .set('Idempotency-Key', 'we-1')
      .send({ url: `${receiver.url}/i`, events: ['*'] })
      .expect(409);
    expect(replay.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/idempotency-secret-withheld' });
    expect(replay.body.detail).toContain(first.body.id);
    await site()
      .post('/api/webhook-endpoints')
      .set(bearer(key))
      .set('Idempotency-Key', 'we-1')
      .send({ url: `${receiver.url}/j`, events: ['*'] })
      .expect(422);
  });

  it('PATCH changes events and status; an empty change is 400, an unknown endpoint 404', async () => {
    const endpoint = await createEndpoint(key);
    const changed = await site()
      .patch(`/api/webhook-endpoints/${endpoint.id}`)
      .set(bearer(key))
      .send({ events: ['shipment.*'], status: 'disabled' })
      .expect(200);
    expect(changed.body).toMatchObject({ events: ['shipment.*'], status: 'disabled', disabled_reason: 'user' });
    const enabled = await site()
      .patch(`/api/webhook-endpoints/${endpoint.id}`)
      .set(bearer(key))
      .send({ status: 'enabled' })
      .expect(200);
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null });
    await site().patch(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(key)).send({}).expect(400);
    await site().patch('/api/webhook-endpoints/we_unknown').set(bearer(key)).send({ status: 'enabled' }).expect(404);
  });

  it('PATCH answers 415 to a body that is not JSON and 413 to one over the limit', async () => {
    const endpoint = await createEndpoint(key);
    await site()
      .patch(`/api/webhook-endpoints/${endpoint.id}`)
      .set(bearer(key))
      .set('Content-Type', 'text/plain')
      .send('status=enabled')
      .expect(415);
    const huge = JSON.stringify({ description: 'x'.repeat(app.deps.config.bodyLimitBytes + 10) });
    await site()
      .patch(`/api/webhook-endpoints/${endpoint.id}`)
      .set(bearer(key))
      .set('Content-Type', 'application/json')
      .send(huge)
      .expect(413);
  });

  it('DELETE removes the endpoint (204), then it is not found', async () => {
    const endpoint = await createEndpoint(key);
    await site().delete(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(key)).expect(204);
    await site().get(`/api/webhook-endpoints/${endpoint.id}`).set(bearer(key)).expect(404);
  });

  it('answers 400 to an endpoint id longer than any id, on the POST sub-resources', async () => {
    const long = `we_${'x'.repeat(40)}`;
    await site().post(`/api/webhook-endpoints/${long}/rotate-secret`).set(bearer(key)).expect(400);
    await site().post(`/api/webhook-endpoints/${long}/test`).set(bearer(key)).expect(400);
    await site().post('/api/webhook-endpoints/we_unknown/rotate-secret').set(bearer(key)).expect(404);
    await site().post('/api/webhook-endpoints/we_unknown/test').set(bearer(key)).expect(404);
    await site().get('/api/webhook-endpoints/we_unknown/deliveries').set(bearer(key)).expect(404);
  });
});

describe('deliveries, the test ping and secret rotation', () => {
  it('sends a signed ping to that endpoint only, logs the attempt, and signs with both secrets during a rotation', async () => {
    const endpoint = await createEndpoint(key, { url: `${receiver.url}/ping` });
    const bystander = await createEndpoint(key, { url: `${receiver.url}/bystander` });
    const ping = await site().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(bearer(key)).expect(202);
    expect(ping.body).toMatchObject({
      object: 'event',
      type: 'ping',
      livemode: true,
      data: { object: { id: endpoint.id, object: 'webhook_endpoint' } },
    });
    const before = receiver.requests.length;
    await deliverDue(app.deps.webhooks.delivery);
    const received = receiver.requests.slice(before);
    expect(received.map((r) => r.path)).toEqual(['/ping']);
    expect(received[0].headers['webhook-id']).toBe(ping.body.id);
    const delivered = verifyDelivery(endpoint.secret, received[0]) as { api_version: string };
    expect(delivered).toMatchObject({ id: ping.body.id, type: 'ping', api_version: currentApiVersion });
    // The event's version is one a request can pin: the receiver's calls back keep that contract.
    const pinned = await site()
      .get('/api/webhook-endpoints')
      .set(bearer(key))
      .set('Tradelane-Version', delivered.api_version)
      .expect(200);
    expect(pinned.headers['tradelane-version']).toBe(delivered.api_version);

    const rotated = await site()
      .post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`)
      .set(bearer(key))
      .expect(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.secret_rotation_ends_at) - app.clock.now().getTime()).toBe(24 * 3600 * 1000);
    await site().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(bearer(key)).expect(202);
    await deliverDue(app.deps.webhooks.delivery);
    const afterRotation = receiver.requests[receiver.requests.length - 1];
    expect(String(afterRotation.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verifyDelivery(endpoint.secret, afterRotation);
    verifyDelivery(rotated.body.secret, afterRotation);

    const log = await site().get(`/api/webhook-endpoints/${endpoint.id}/deliveries`).set(bearer(key)).expect(200);
    expect(log.body.data).toHaveLength(2);
    expect(log.body.data[1]).toMatchObject({
      object: 'webhook_delivery_attempt',
      event_id: ping.body.id,
      event_type: 'ping',
      attempt: 1,
      status_code: 200,
      error: null,
      response_body: 'ok',
    });
    expect(
      (await site().get(`/api/webhook-endpoints/${bystander.id}/deliveries`).set(bearer(key)).expect(200)).body.data,
    ).toEqual([]);
  });
});

describe('GET /api/events, GET /api/events/{id} and POST /api/events/{id}/redeliver', () => {
  it("lists the account's events of the key's mode for 30 days, newest first, filtered by type", async () => {
    const arrived = await writeEvent('container.arrived', { id: 'cnt_1', object: 'container' });
    const old = await writeEvent(
      'container.arrived',
      { id: 'cnt_0', object: 'container' },
      true,
      app.clock.now().getTime() - 31 * 24 * 3600 * 1000,
    );
    const testMode = await writeEvent('container.arrived', { id: 'cnt_t', object: 'container' }, false);
    const list = await site().get('/api/events').query({ type: 'container.arrived' }).set(bearer(key)).expect(200);
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([arrived.id]);
    const one = await site().get(`/api/events/${arrived.id}`).set(bearer(key)).expect(200);
    expect(one.body).toMatchObject({
      id: arrived.id,
      object: 'event',
      type: 'container.arrived',
      livemode: true,
      data: { object: { id: 'cnt_1' } },
    });
    await site().get(`/api/events/${old.id}`).set(bearer(key)).expect(404);
    await site().get(`/api/events/${testMode.id}`).set(bearer(key)).expect(404);
    const testKey = await testKeyFor(app, key);
    await site().get(`/api/events/${testMode.id}`).set(bearer(testKey)).expect(200);
  });

  it('delivers an outbox event to subscribed endpoints, and redelivers it under the same webhook-id', async () => {
    const { key: ownKey, accountId: own } = await signUp(app);
    const subscribed = await createEndpoint(ownKey, { url: `${receiver.url}/sub`, events: ['shipment.*'] });
    await createEndpoint(ownKey, { url: `${receiver.url}/other`, events: ['container.arrived'] });
    const event = newOutboxEvent(
      'shipment.updated',
      { accountId: own, livemode: true, data: { object: { id: 'shp_1', object: 'shipment' } } },
      app.clock.now().getTime(),
    );
    await new OutboxEventRepository(app.db.knex).append([event]);
    // Other tests' events go to their own endpoints; this account's go to /sub and /other.
    const mine = () => receiver.requests.filter((r) => r.path === '/sub' || r.path === '/other');
    await deliverDue(app.deps.webhooks.delivery);
    expect(mine().map((r) => [r.path, r.headers['webhook-id']])).toEqual([['/sub', event.id]]);

    const again = await site().post(`/api/events/${event.id}/redeliver`).set(bearer(ownKey)).send({}).expect(202);
    expect(again.body).toEqual({ object: 'event_redelivery', event_id: event.id, endpoint_ids: [subscribed.id] });
    await deliverDue(app.deps.webhooks.delivery);
    expect(mine().map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);

    await site()
      .patch(`/api/webhook-endpoints/${subscribed.id}`)
      .set(bearer(ownKey))
      .send({ status: 'disabled' })
      .expect(200);
    const conflict = await site()
      .post(`/api/events/${event.id}/redeliver`)
      .set(bearer(ownKey))
      .send({ endpoint_id: subscribed.id })
      .expect(409);
    expect(conflict.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'invalid_state',
    });
    await site()
      .post(`/api/events/${event.id}/redeliver`)
      .set(bearer(ownKey))
      .send({ endpoint_id: 'we_unknown' })
      .expect(404);
    await site().post('/api/events/evt_unknown/redeliver').set(bearer(ownKey)).expect(404);
    await site().post(`/api/events/${event.id}/redeliver`).set(bearer(ownKey)).send({ endpoint_id: 5 }).expect(400);
  });

  it('needs the webhooks scopes on an access token: read lists, write is 403 with read only', async () => {
    const client = (
      await site()
        .post('/api/oauth/clients')
        .set(bearer(key))
        .send({ scopes: ['webhooks:read'] })
        .expect(201)
    ).body;
    const token = (
      await site()
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.client_secret })
        .expect(200)
    ).body.access_token;
    await site().get('/api/events').set(bearer(token)).expect(200);
    const denied = await site()
      .post('/api/webhook-endpoints')
      .set(bearer(token))
      .send({ url: `${receiver.url}/x`, events: ['*'] })
      .expect(403);
    expect(denied.headers['www-authenticate']).toContain('webhooks:write');
  });
});

describe('the address checks at registration (development setting off)', () => {
  let guarded: TestApp;
  let guardedKey: string;
  beforeAll(async () => {
    guarded = await createTestApp({ webhooks: { allowPrivateTargets: false } });
    guardedKey = (await signUp(guarded)).key;
  });
  afterAll(() => guarded.close());

  it.each([
    ['http in live mode', 'http://example.com/hooks', 'https'],
    ['loopback', 'https://127.0.0.1/hooks', 'private, loopback'],
    ['a name resolving to loopback', 'https://localhost/hooks', 'localhost resolves to'],
    ['IPv6 loopback', 'https://[::1]/hooks', 'private, loopback'],
    ['private', 'https://10.1.2.3/hooks', 'private'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data', 'metadata'],
    ['IPv4-mapped IPv6 metadata', 'https://[::ffff:169.254.169.254]/x', 'metadata'],
    ['multicast', 'https://224.0.0.1/x', 'not a unicast'],
    ['IPv4-compatible loopback', 'https://[::7f00:1]/x', '(IPv4 127.0.0.1) is a private, loopback'],
    ['SIIT loopback', 'https://[::ffff:0:7f00:1]/x', '(IPv4 127.0.0.1) is a private, loopback'],
    ['6to4 loopback', 'https://[2002:7f00:1::]/x', '(IPv4 127.0.0.1) is a private, loopback'],
    ['local-use NAT64 loopback', 'https://[64:ff9b:1::7f00:1]/x', 'is a private, loopback'],
  ])('refuses %s with 400', async (_name, url, reason) => {
    const res = await request(guarded.hosts.site)
      .post('/api/webhook-endpoints')
      .set(bearer(guardedKey))
      .send({ url, events: ['*'] })
      .expect(400);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/body/url' });
    expect(res.body.detail).toContain(reason);
  });
});
