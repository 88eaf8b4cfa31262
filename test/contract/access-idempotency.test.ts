import request from 'supertest';
import { idempotencyOwnerOf, requestFingerprint } from '../../src/http/idempotency';
import { idempotencyLeaseMs } from '../../src/http/request-budget';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';
import { busyLoadPlan } from '../support/load-plan-bodies';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => app.close());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
let n = 0;
const signUpFrom = (ip: string, headers: Record<string, string> = {}, email = `idem${++n}@example.com`) =>
  request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).set(headers).send({ email });

const records = () => app.db.knex('idempotency_records').select('response_body', 'secret_withheld_from');
const secretPattern = /tl_(?:live|test|cs_live|cs_test|at_live|at_test)_[0-9A-Za-z]{32}/;

describe('Idempotency-Key: answers holding a secret are never stored nor replayed', () => {
  it('sign-up: the replay is 409 naming the key made, charges nothing, and no record holds the secret', async () => {
    const ip = '192.0.2.6';
    const first = await signUpFrom(ip, { 'Idempotency-Key': 'abc-1' }, 'idem@example.com').expect(201);
    const again = await signUpFrom(ip, { 'Idempotency-Key': 'abc-1' }, 'idem@example.com').expect(409);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/idempotency-secret-withheld',
      status: 409,
    });
    expect(again.body.detail).toContain(first.body.api_key.id);
    expect(JSON.stringify(again.body)).not.toContain(first.body.api_key.secret);
    const next = await signUpFrom(ip).expect(201);
    expect(next.headers['x-ratelimit-remaining']).toBe('3');
    for (const row of await records()) expect(String(row.response_body)).not.toMatch(secretPattern);
  });

  it('key creation, rotation and OAuth client creation: replays are 409, stored without the secret', async () => {
    const { key } = await signUp(app);
    const created = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-create')
      .send({ name: 'a' })
      .expect(201);
    const replay = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-create')
      .send({ name: 'a' })
      .expect(409);
    expect(replay.body.detail).toContain(created.body.id);
    // Revoked since: the replay cannot show it as active with its secret.
    await request(app.hosts.site).delete(`/api/keys/${created.body.id}`).set(bearer(key)).expect(200);
    await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-create')
      .send({ name: 'a' })
      .expect(409);

    const client = await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-client')
      .send({ scopes: ['keys:read'] })
      .expect(201);
    const clientReplay = await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set(bearer(key))
      .set('Idempotency-Key', 'k-client')
      .send({ scopes: ['keys:read'] })
      .expect(409);
    expect(clientReplay.body.detail).toContain(client.body.id);

    const [current] = (await request(app.hosts.site).get('/api/keys').set(bearer(key))).body.data;
    const rotated = await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(key))
      .set('Idempotency-Key', 'k-rotate')
      .send({ grace_period_seconds: 60 })
      .expect(201);
    const rotateReplay = await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(key))
      .set('Idempotency-Key', 'k-rotate')
      .send({ grace_period_seconds: 60 })
      .expect(409);
    expect(rotateReplay.body.detail).toContain(rotated.body.api_key.id);

    const stored = await records();
    for (const row of stored) expect(String(row.response_body)).not.toMatch(secretPattern);
    expect(stored.map((row) => row.secret_withheld_from)).toEqual(
      expect.arrayContaining([created.body.id, client.body.id, rotated.body.api_key.id]),
    );
  });

  it('replays answers without secrets as they were', async () => {
    const { key } = await signUp(app);
    const testKey = (
      await request(app.hosts.site).post('/api/keys').set(bearer(key)).send({ mode: 'test' }).expect(201)
    ).body.secret;
    const refused = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(testKey))
      .set('Idempotency-Key', 'refused')
      .send({ mode: 'live' })
      .expect(403);
    const again = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(testKey))
      .set('Idempotency-Key', 'refused')
      .send({ mode: 'live' })
      .expect(403);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toEqual(refused.body);
  });
});

describe('Idempotency-Key: anonymous callers', () => {
  it('keys sign-ups by address and request: two people behind one address never meet each other', async () => {
    const ip = '192.0.2.7';
    const one = await signUpFrom(ip, { 'Idempotency-Key': 'k-2' }, 'one@example.com').expect(201);
    const other = await signUpFrom(ip, { 'Idempotency-Key': 'k-2' }, 'other@example.com').expect(201);
    expect(other.body.account.id).not.toBe(one.body.account.id);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours', async () => {
    const ip = '192.0.2.9';
    await signUpFrom(ip, { 'Idempotency-Key': 'k-4' }, 'day1@example.com').expect(201);
    app.clock.advance(24 * 3600 * 1000 + 1);
    const res = await signUpFrom(ip, { 'Idempotency-Key': 'k-4' }, 'day1@example.com').expect(409);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/conflict');
  });
});

describe('Idempotency-Key: a record never sticks', () => {
  const ip = '192.0.2.8';
  const body = { email: 'slow@example.com' };
  const owner = idempotencyOwnerOf({ kind: 'anonymous', ip }, requestFingerprint('signUp', '/api/signup', body));

  it('answers 409 while the first request runs, and takes over a record its dead process left after the lease', async () => {
    // The first request is mid-flight (or its process died): its record exists and has no response.
    const now = app.clock.now().getTime();
    const started = await app.deps.access.idempotency.begin(
      owner,
      'k-3',
      requestFingerprint('signUp', '/api/signup', body),
      { now, expiresAt: now + 86_400_000, staleBefore: now },
    );
    expect(started.outcome).toBe('started');
    const send = () =>
      request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).set('Idempotency-Key', 'k-3').send(body);
    const res = await send().expect(409);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'idempotency_in_progress',
    });
    app.clock.advance(idempotencyLeaseMs - 1000);
    await send().expect(409);
    app.clock.advance(2000);
    const taken = await send().expect(201);
    expect(taken.body.account.email).toBe('slow@example.com');
  });

  it('stores the record before the answer is written: a repeat sent on receipt is a replay, never 409', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'business');
    for (let i = 0; i < 20; i++) {
      const send = () =>
        request(app.hosts.site)
          .post('/api/shipments')
          .set(bearer(key))
          .set('Idempotency-Key', `on-receipt-${i}`)
          .send({
            reference: `PO-${i}`,
            mode: 'ocean_fcl',
            origin: { locode: 'CNNGB' },
            destination: { locode: 'USLAX' },
          });
      const first = await send().expect(201);
      const record = await app.db
        .knex('idempotency_records')
        .where({ idempotency_key: `on-receipt-${i}` })
        .first();
      expect(record?.state).toBe('completed');
      const replay = await send().expect(201);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body.id).toBe(first.body.id);
    }
  });

  it('settles the record when the operation answers, though the client gave up waiting', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'business');
    const plan = busyLoadPlan(1000);
    const send = () =>
      request(app.hosts.main)
        .post('/api/load-plans')
        .set('X-API-Key', key)
        .set('Idempotency-Key', 'gave-up')
        .send(plan);
    // The client gives up once the server has begun the request.
    const first = send();
    const outcome = first.then(
      () => 'answered',
      () => 'gave up',
    );
    for (
      let i = 0;
      i < 400 && !(await app.db.knex('idempotency_records').where({ idempotency_key: 'gave-up' }).first());
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 10));
    first.abort();
    expect(await outcome).toBe('gave up');
    // The plan still runs to its end; its answer is kept and replayed.
    let replay = await send();
    for (let i = 0; replay.status === 409 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      replay = await send();
    }
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
  }, 30_000);
});
