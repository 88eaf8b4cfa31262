import crypto from 'node:crypto';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';

const adminToken = 'admin-secret-for-tests';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    config: { trustProxy: true, adminTokenSha256: crypto.createHash('sha256').update(adminToken).digest('hex') },
  });
});
afterAll(() => app.close());

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function clientFor(key: string, scopes: string[]) {
  return (
    await request(app.hosts.site).post('/api/oauth/clients').set(bearer(key)).send({ name: 'ERP', scopes }).expect(201)
  ).body as { id: string; client_secret: string };
}

const token = (form: Record<string, string>, basic?: [string, string]) => {
  const req = request(app.hosts.site).post('/oauth/token').type('form');
  if (basic) req.auth(basic[0], basic[1]);
  return req.send(form);
};

describe('OAuth 2.0 client credentials', () => {
  it('issues a short-lived token (form body or HTTP Basic) that reads shipments with its scope', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'business');
    const client = await clientFor(key, ['shipments:read', 'keys:read']);
    expect(client.client_secret).toMatch(/^tl_cs_live_/);
    const viaForm = await token({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.client_secret,
      scope: 'shipments:read',
    }).expect(200);
    expect(viaForm.headers['cache-control']).toBe('no-store');
    expect(viaForm.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'shipments:read' });
    await request(app.hosts.site).get('/api/shipments').set(bearer(viaForm.body.access_token)).expect(200);
    const viaBasic = await token({ grant_type: 'client_credentials' }, [client.id, client.client_secret]).expect(200);
    expect(viaBasic.body.scope).toBe('keys:read shipments:read');
  });

  it('refuses a token without the scope, and on operations tokens may not call, with 403', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'business');
    const client = await clientFor(key, ['shipments:read']);
    const { access_token } = (
      await token({
        grant_type: 'client_credentials',
        client_id: client.id,
        client_secret: client.client_secret,
      }).expect(200)
    ).body;
    const res = await request(app.hosts.site).get('/api/keys').set(bearer(access_token)).expect(403);
    expect(res.body.detail).toContain('keys:read');
    expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    await request(app.hosts.site).get('/api/oauth/clients').set(bearer(access_token)).expect(403);
  });

  it('expires tokens after an hour and revokes them with their client (401)', async () => {
    const { key, email } = await signUp(app);
    await setPlan(app, email, 'business');
    const client = await clientFor(key, ['shipments:read']);
    const first = (
      await token({
        grant_type: 'client_credentials',
        client_id: client.id,
        client_secret: client.client_secret,
      }).expect(200)
    ).body.access_token;
    app.clock.advance(3600 * 1000);
    const expired = await request(app.hosts.site).get('/api/shipments').set(bearer(first)).expect(401);
    expect(expired.body.detail).toBe('The access token has expired.');
    const second = (
      await token({
        grant_type: 'client_credentials',
        client_id: client.id,
        client_secret: client.client_secret,
      }).expect(200)
    ).body.access_token;
    await request(app.hosts.site).get('/api/shipments').set(bearer(second)).expect(200);
    const revoked = await request(app.hosts.site)
      .delete(`/api/oauth/clients/${client.id}`)
      .set(bearer(key))
      .expect(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    await request(app.hosts.site).get('/api/shipments').set(bearer(second)).expect(401);
    await token({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.client_secret }).expect(
      401,
    );
  });

  it('answers RFC 6749 errors inside problem documents', async () => {
    const { key } = await signUp(app);
    const client = await clientFor(key, ['shipments:read']);
    const wrongSecret = await token({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: 'tl_cs_live_' + 'x'.repeat(32),
    }).expect(401);
    expect(wrongSecret.body).toMatchObject({ status: 401, error: 'invalid_client' });
    const grant = await token({
      grant_type: 'password',
      client_id: client.id,
      client_secret: client.client_secret,
    }).expect(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const scope = await token({
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.client_secret,
      scope: 'keys:write',
    }).expect(400);
    expect(scope.body.error).toBe('invalid_scope');
    const missing = await token({ grant_type: 'client_credentials' }).expect(400);
    expect(missing.body.error).toBe('invalid_request');
    const badEscape = await token({ grant_type: 'client_credentials' }, ['%zz', 'secret']).expect(400);
    expect(badEscape.body).toMatchObject({
      error: 'invalid_request',
      type: 'https://docs.tradelane.dev/problems/validation-failed',
    });
  });

  it('gives a client the mode of the key that made it: a test key makes test clients, issuing test tokens', async () => {
    const { key } = await signUp(app);
    const testKey = (
      await request(app.hosts.site).post('/api/keys').set(bearer(key)).send({ mode: 'test' }).expect(201)
    ).body.secret;
    const testClient = await clientFor(testKey, ['keys:read', 'keys:write']);
    expect(testClient.client_secret).toMatch(/^tl_cs_test_/);
    const issued = (
      await token({
        grant_type: 'client_credentials',
        client_id: testClient.id,
        client_secret: testClient.client_secret,
      }).expect(200)
    ).body.access_token;
    expect(issued).toMatch(/^tl_at_test_/);
    // The test token sees and makes test keys only.
    const keys = await request(app.hosts.site).get('/api/keys').set(bearer(issued)).expect(200);
    expect(keys.body.data.map((k: { mode: string }) => k.mode)).toEqual(['test']);
    await request(app.hosts.site).post('/api/keys').set(bearer(issued)).send({ mode: 'live' }).expect(403);
    // A live key's client list does not leak into test mode, and a test key cannot revoke a live client.
    const liveClient = await clientFor(key, ['keys:read']);
    expect(
      (await request(app.hosts.site).get('/api/oauth/clients').set(bearer(testKey)).expect(200)).body.data.map(
        (c: { id: string }) => c.id,
      ),
    ).toEqual([testClient.id]);
    await request(app.hosts.site).delete(`/api/oauth/clients/${liveClient.id}`).set(bearer(testKey)).expect(404);
  });

  it("lists clients without secrets, and treats another account's client as not found", async () => {
    const mine = await signUp(app);
    const theirs = await signUp(app);
    const client = await clientFor(theirs.key, ['shipments:read']);
    const list = await request(app.hosts.site).get('/api/oauth/clients').set(bearer(theirs.key)).expect(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: client.id, scopes: ['shipments:read'], revoked_at: null }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(client.client_secret);
    await request(app.hosts.site).delete(`/api/oauth/clients/${client.id}`).set(bearer(mine.key)).expect(404);
  });
});

describe('admin plan changes', () => {
  it('needs the admin token (401)', async () => {
    await request(app.hosts.site)
      .post('/api/admin/plan-changes')
      .send({ email: 'x@example.com', plan: 'business' })
      .expect(401);
    await request(app.hosts.site)
      .post('/api/admin/plan-changes')
      .set('X-Admin-Token', 'wrong')
      .send({ email: 'x@example.com', plan: 'business' })
      .expect(401);
  });

  it('moves an account to a plan and records who, when and why', async () => {
    const { email, accountId, key } = await signUp(app);
    const res = await request(app.hosts.site)
      .post('/api/admin/plan-changes')
      .set('X-Admin-Token', adminToken)
      .send({ email, plan: 'tariff_pro', reason: 'invoice 42' })
      .expect(201);
    expect(res.body).toMatchObject({
      object: 'plan_change',
      account_id: accountId,
      from_plan: 'free',
      to_plan: 'tariff_pro',
      reason: 'invoice 42',
      changed_by: expect.stringMatching(/^admin-api@/),
    });
    app.clock.advance(1000);
    expect(await app.deps.access.accounts.changePlan(email, 'business', 'cli:ops', null)).toMatchObject({
      fromPlan: 'tariff_pro',
      toPlan: 'business',
    });
    const rows = await app.db.knex('plan_changes').where({ account_id: accountId }).orderBy('changed_at');
    expect(rows.map((r: { changed_by: string }) => r.changed_by)).toEqual([
      expect.stringMatching(/^admin-api@/),
      'cli:ops',
    ]);
    await request(app.hosts.site).get('/api/shipments').set(bearer(key)).expect(200);
  });

  it('answers 404 for an unknown email', async () => {
    await request(app.hosts.site)
      .post('/api/admin/plan-changes')
      .set('X-Admin-Token', adminToken)
      .send({ email: 'nobody@example.com', plan: 'business' })
      .expect(404);
  });
});
