import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp, testKeyFor } from '../support/accounts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
});
afterAll(() => app.close());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('POST /api/signup (main host)', () => {
  it('creates a Free account and shows its first live key once', async () => {
    const res = await request(app.hosts.main)
      .post('/api/signup')
      .set('X-Forwarded-For', '198.51.100.1')
      .send({ email: 'New.User@Example.com' })
      .expect(201);
    expect(res.body.account).toMatchObject({ object: 'account', email: 'new.user@example.com', plan: 'free' });
    expect(res.body.api_key.secret).toMatch(/^tl_live_[0-9A-Za-z]{32}$/);
    expect(res.body.api_key).toMatchObject({
      mode: 'live',
      prefix: 'tl_live_',
      last4: res.body.api_key.secret.slice(-4),
      status: 'active',
    });
    // Only the SHA-256 is kept.
    const row = await app.db.knex('api_keys').where({ id: res.body.api_key.id }).first();
    expect(JSON.stringify(row)).not.toContain(res.body.api_key.secret.slice(8));
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second account for the same email with 409', async () => {
    await signUp(app, 'twice@example.com', '198.51.100.2');
    const res = await request(app.hosts.main)
      .post('/api/signup')
      .set('X-Forwarded-For', '198.51.100.2')
      .send({ email: 'TWICE@example.com' })
      .expect(409);
    expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/conflict', code: 'already_exists' });
  });

  it('rejects an address that is not an email with 400', async () => {
    const res = await request(app.hosts.main).post('/api/signup').send({ email: 'not-an-email' }).expect(400);
    expect(res.body.errors[0].pointer).toBe('/body/email');
  });
});

describe('API keys (site host)', () => {
  it('lists keys with prefix and last four only', async () => {
    const { key } = await signUp(app);
    const res = await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(res.body)).not.toContain(key.slice(8, 28));
    expect(res.body.data[0].last_used_at).not.toBeNull();
  });

  it('needs a key: 401 with a challenge', async () => {
    const res = await request(app.hosts.site).get('/api/keys').expect(401);
    expect(res.headers['www-authenticate']).toBe('ApiKey header="X-API-Key", Bearer realm="tradelane"');
    await request(app.hosts.site)
      .get('/api/keys')
      .set(bearer('tl_live_' + 'x'.repeat(32)))
      .expect(401);
    await request(app.hosts.site).get('/api/keys').set(bearer('garbage')).expect(401);
  });

  it('creates a test key that authenticates as test mode and sees test keys only', async () => {
    const { key } = await signUp(app);
    const created = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .send({ name: 'CI', mode: 'test' })
      .expect(201);
    expect(created.body.secret).toMatch(/^tl_test_/);
    const list = await request(app.hosts.site).get('/api/keys').set(bearer(created.body.secret)).expect(200);
    expect(list.body.data.map((k: { mode: string }) => k.mode)).toEqual(['test']);
    const all = await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200);
    expect(all.body.data.map((k: { mode: string }) => k.mode).sort()).toEqual(['live', 'test']);
  });

  it('keeps a test key away from live credentials: it cannot create, rotate or revoke them', async () => {
    const { key } = await signUp(app);
    const [live] = (await request(app.hosts.site).get('/api/keys').set(bearer(key))).body.data;
    const testKey = await testKeyFor(app, key);
    const create = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(testKey))
      .send({ mode: 'live' })
      .expect(403);
    expect(create.body.detail).toContain('test');
    await request(app.hosts.site).post(`/api/keys/${live.id}/rotate`).set(bearer(testKey)).send({}).expect(404);
    await request(app.hosts.site).delete(`/api/keys/${live.id}`).set(bearer(testKey)).expect(404);
    await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200);
    // Without a mode, a test key makes a test key.
    expect(
      (await request(app.hosts.site).post('/api/keys').set(bearer(testKey)).send({}).expect(201)).body.secret,
    ).toMatch(/^tl_test_/);
  });

  it('revokes a key: it stops working at once', async () => {
    const { key } = await signUp(app);
    const second = (await request(app.hosts.site).post('/api/keys').set(bearer(key)).send({}).expect(201)).body;
    const revoked = await request(app.hosts.site).delete(`/api/keys/${second.id}`).set(bearer(key)).expect(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', id: second.id });
    await request(app.hosts.site).get('/api/keys').set(bearer(second.secret)).expect(401);
  });

  it('rotates a key: the old one works through the grace period, then stops', async () => {
    const { key } = await signUp(app);
    const [current] = (await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200)).body.data;
    const rotated = await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(key))
      .send({ grace_period_seconds: 3600 })
      .expect(201);
    expect(rotated.body.rotated).toMatchObject({ id: current.id, status: 'expiring' });
    const fresh = rotated.body.api_key.secret;
    await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200);
    await request(app.hosts.site).get('/api/keys').set(bearer(fresh)).expect(200);
    app.clock.advance(3600 * 1000 + 1);
    await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(401);
    await request(app.hosts.site).get('/api/keys').set(bearer(fresh)).expect(200);
    // A key already rotated out cannot be rotated again.
    await request(app.hosts.site).post(`/api/keys/${current.id}/rotate`).set(bearer(fresh)).send({}).expect(409);
  });

  it('rotates a key once: rotating it again is 409, and a key in its grace period manages no keys (403)', async () => {
    const { key } = await signUp(app);
    const [current] = (await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200)).body.data;
    const fresh = (
      await request(app.hosts.site)
        .post(`/api/keys/${current.id}/rotate`)
        .set(bearer(key))
        .send({ grace_period_seconds: 3600 })
        .expect(201)
    ).body.api_key;
    const again = await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(fresh.secret))
      .send({ grace_period_seconds: 604800 })
      .expect(409);
    expect(again.body.detail).toContain('already rotated');
    // The leaked key, still in its grace period, can call operations but manage nothing.
    await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(200);
    const create = await request(app.hosts.site).post('/api/keys').set(bearer(key)).send({}).expect(403);
    expect(create.body.detail).toContain('grace period');
    await request(app.hosts.site).post(`/api/keys/${fresh.id}/rotate`).set(bearer(key)).send({}).expect(403);
    await request(app.hosts.site).delete(`/api/keys/${fresh.id}`).set(bearer(key)).expect(403);
    await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set(bearer(key))
      .send({ scopes: ['keys:read'] })
      .expect(403);
    // Its replacement ends it.
    await request(app.hosts.site).delete(`/api/keys/${current.id}`).set(bearer(fresh.secret)).expect(200);
    await request(app.hosts.site).get('/api/keys').set(bearer(key)).expect(401);
  });

  it("treats another account's key as not found", async () => {
    const mine = await signUp(app);
    const theirs = await signUp(app);
    const [theirKey] = (await request(app.hosts.site).get('/api/keys').set(bearer(theirs.key))).body.data;
    const res = await request(app.hosts.site).delete(`/api/keys/${theirKey.id}`).set(bearer(mine.key)).expect(404);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-found');
    await request(app.hosts.site).post(`/api/keys/${theirKey.id}/rotate`).set(bearer(mine.key)).send({}).expect(404);
    await request(app.hosts.site).get('/api/keys').set(bearer(theirs.key)).expect(200);
  });
});

describe('plans and entitlements', () => {
  it('answers 403 for an operation the plan does not include, 200 once the plan does', async () => {
    const { key, email, accountId } = await signUp(app);
    const res = await request(app.hosts.site).get('/api/shipments').set(bearer(key)).expect(403);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/forbidden-plan',
      detail: 'Your plan (free) does not include this operation.',
    });
    await setPlan(app, email, 'business');
    await app.db.knex('shipments').insert({
      id: 'shp_test1',
      account_id: accountId,
      reference: 'PO-1',
      status: 'in_transit',
      origin_locode: 'CNSHA',
      destination_locode: 'USLAX',
      created_at: 1,
      updated_at: 1,
    });
    const list = await request(app.hosts.site).get('/api/shipments').set(bearer(key)).expect(200);
    expect(list.body).toMatchObject({
      object: 'list',
      has_more: false,
      next_cursor: null,
      data: [{ id: 'shp_test1', origin: { locode: 'CNSHA' } }],
    });
  });

  it("pages shipments and never shows another account's", async () => {
    const { key, email, accountId } = await signUp(app);
    const other = await signUp(app);
    await setPlan(app, email, 'business');
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: `shp_p${i}`,
      account_id: accountId,
      reference: null,
      status: 'booked',
      origin_locode: null,
      destination_locode: null,
      created_at: 1000 + i,
      updated_at: 1000 + i,
    }));
    await app.db.knex('shipments').insert([...rows, { ...rows[0], id: 'shp_other', account_id: other.accountId }]);
    const first = await request(app.hosts.site).get('/api/shipments?limit=3').set(bearer(key)).expect(200);
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual(['shp_p4', 'shp_p3', 'shp_p2']);
    const second = await request(app.hosts.site)
      .get(`/api/shipments?limit=3&cursor=${first.body.next_cursor}`)
      .set(bearer(key))
      .expect(200);
    expect(second.body).toMatchObject({ has_more: false, data: [{ id: 'shp_p1' }, { id: 'shp_p0' }] });
    const bad = await request(app.hosts.site).get('/api/shipments?cursor=bm9wZQ').set(bearer(key)).expect(400);
    expect(bad.body.errors[0].pointer).toBe('/query/cursor');
  });
});

describe('Idempotency-Key on account POSTs', () => {
  it('does not create a key twice, and refuses the key with another body (422)', async () => {
    const { key } = await signUp(app);
    const first = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'create-1')
      .send({ name: 'a' })
      .expect(201);
    const replay = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'create-1')
      .send({ name: 'a' })
      .expect(409);
    expect(replay.body.detail).toContain(first.body.id);
    expect((await request(app.hosts.site).get('/api/keys').set(bearer(key))).body.data).toHaveLength(2);
    await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(key))
      .set('Idempotency-Key', 'create-1')
      .send({ name: 'b' })
      .expect(422);
  });

  it('refuses a reused key with another body on rotate and on OAuth client creation (422)', async () => {
    const { key } = await signUp(app);
    const [current] = (await request(app.hosts.site).get('/api/keys').set(bearer(key))).body.data;
    await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set(bearer(key))
      .set('Idempotency-Key', 'cli-1')
      .send({ scopes: ['keys:read'] })
      .expect(201);
    await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set(bearer(key))
      .set('Idempotency-Key', 'cli-1')
      .send({ scopes: ['keys:write'] })
      .expect(422);
    await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(key))
      .set('Idempotency-Key', 'rot-1')
      .send({ grace_period_seconds: 60 })
      .expect(201);
    await request(app.hosts.site)
      .post(`/api/keys/${current.id}/rotate`)
      .set(bearer(key))
      .set('Idempotency-Key', 'rot-1')
      .send({ grace_period_seconds: 0 })
      .expect(422);
  });

  it('isolates keys per account: the same key from another account runs anew', async () => {
    const one = await signUp(app);
    const two = await signUp(app);
    const a = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(one.key))
      .set('Idempotency-Key', 'shared')
      .send({})
      .expect(201);
    const b = await request(app.hosts.site)
      .post('/api/keys')
      .set(bearer(two.key))
      .set('Idempotency-Key', 'shared')
      .send({})
      .expect(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.headers['idempotency-replayed']).toBeUndefined();
  });
});
