import request from 'supertest';
import { accessTokenFor, businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { samplePartners } from '../support/edi';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true, bodyLimitBytes: 65536 } });
  app.clock.set('2026-12-02T17:00:00.000Z');
});
afterAll(() => app?.close());

const cmaCgm = { ...samplePartners.cmaCgm, inbound_documents: ['315', '210'], outbound_documents: ['997'] };
const { cargoSmart } = samplePartners;

describe(`EDI trading partners on ${testDialect}`, () => {
  test('connect, read, list, change and disconnect a partner; the usage indicator follows the key', async () => {
    const { live, test } = await businessAccount(app);
    const client = siteClient(app, live);
    const created = await client.post('/api/edi/partners', cmaCgm).expect(201);
    expect(created.headers.location).toBe(`/api/edi/partners/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^edp_/),
      object: 'edi_partner',
      livemode: true,
      ...cmaCgm,
      usage_indicator: 'P',
      auto_send: [],
      control_numbers: { interchange: 0, group: 0, transaction_set: 0 },
      created_at: '2026-12-02T17:00:00.050Z',
      updated_at: '2026-12-02T17:00:00.050Z',
    });
    const id = created.body.id as string;
    expect((await client.get(`/api/edi/partners/${id}`).expect(200)).body).toEqual(created.body);

    const edifact = (await siteClient(app, test).post('/api/edi/partners', cargoSmart).expect(201)).body;
    expect(edifact).toMatchObject({
      livemode: false,
      usage_indicator: 'T',
      their_application_code: null,
      outbound_documents: [],
    });

    const second = (
      await client
        .post('/api/edi/partners', { ...cmaCgm, their_interchange_id: { qualifier: '01', id: 'MAEU' } })
        .expect(201)
    ).body;
    const page = await client.get('/api/edi/partners?limit=1').expect(200);
    expect(page.body).toEqual({ object: 'list', data: [second], has_more: true, next_cursor: expect.any(String) });
    expect(page.headers.link).toBe(`</api/edi/partners?limit=1&cursor=${page.body.next_cursor}>; rel="next"`);
    const rest = await client.get(`/api/edi/partners?limit=1&cursor=${page.body.next_cursor}`).expect(200);
    expect(rest.body.data.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(rest.body.has_more).toBe(false);
    // The test key lists only its own mode's partner.
    expect((await siteClient(app, test).get('/api/edi/partners').expect(200)).body.data).toEqual([edifact]);

    const changed = await client
      .patch(`/api/edi/partners/${id}`, { acknowledgements: ['997'], version: '005010' })
      .expect(200);
    expect(changed.body).toMatchObject({
      acknowledgements: ['997'],
      version: '005010',
      inbound_documents: ['315', '210'],
    });
    expect(changed.body.updated_at).not.toBe(created.body.updated_at);

    await client.delete(`/api/edi/partners/${id}`).expect(204);
    await client.get(`/api/edi/partners/${id}`).expect(404);
    await client.delete(`/api/edi/partners/${id}`).expect(404);
  });

  test('a partner must keep to its standard and to the key’s mode: each fault is 400 naming its field', async () => {
    const { live, test } = await businessAccount(app);
    const refused = await siteClient(app, live)
      .post('/api/edi/partners', {
        ...cmaCgm,
        version: 'D.99B',
        usage_indicator: 'T',
        their_interchange_id: { qualifier: 'ZZZ', id: 'A'.repeat(16) },
        inbound_documents: ['315', 'IFTSTA'],
        acknowledgements: ['contrl'],
      })
      .expect(400);
    expect(refused.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    expect(refused.body.errors).toEqual([
      { pointer: '/body/version', message: 'x12 partners use version 004010 or 005010' },
      { pointer: '/body/their_interchange_id/qualifier', message: 'x12 qualifiers are 2 characters' },
      { pointer: '/body/their_interchange_id/id', message: 'x12 interchange ids are 15 characters at most' },
      { pointer: '/body/inbound_documents/1', message: 'IFTSTA is not a x12 document' },
      { pointer: '/body/acknowledgements/0', message: 'contrl is not a x12 acknowledgement' },
      {
        pointer: '/body/usage_indicator',
        message: 'a live key exchanges production interchanges (P); use a test key for T',
      },
    ]);
    const testKey = await siteClient(app, test)
      .post('/api/edi/partners', { ...cargoSmart, usage_indicator: 'P', our_application_code: 'XX' })
      .expect(400);
    expect(testKey.body.errors).toEqual([
      { pointer: '/body/our_application_code', message: 'application codes are X12 GS02/GS03 only' },
      { pointer: '/body/usage_indicator', message: 'a test key exchanges test interchanges (T); use a live key for P' },
    ]);
    // Schema faults are 400 before the domain sees them; the standard cannot change.
    const id = (await siteClient(app, live).post('/api/edi/partners', cmaCgm).expect(201)).body.id;
    await siteClient(app, live)
      .post('/api/edi/partners', { ...cmaCgm, standard: 'tradacoms' })
      .expect(400);
    await siteClient(app, live).patch(`/api/edi/partners/${id}`, { standard: 'edifact' }).expect(400);
    await siteClient(app, live).patch(`/api/edi/partners/${id}`, { usage_indicator: 'T' }).expect(400);
  });

  test('a second partner with the same interchange id is 409, on creation and on change', async () => {
    const { live, test } = await businessAccount(app);
    const client = siteClient(app, live);
    await client.post('/api/edi/partners', cmaCgm).expect(201);
    const duplicate = await client.post('/api/edi/partners', { ...cmaCgm, name: 'again' }).expect(409);
    expect(duplicate.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/conflict',
      code: 'already_exists',
      detail: 'Another x12 partner of this account already has interchange id ZZ:CMACGM.',
    });
    // Another mode, or another account, may use the same id.
    await siteClient(app, test).post('/api/edi/partners', cmaCgm).expect(201);
    await siteClient(app, (await businessAccount(app)).live)
      .post('/api/edi/partners', cmaCgm)
      .expect(201);
    const other = (
      await client
        .post('/api/edi/partners', { ...cmaCgm, their_interchange_id: { qualifier: 'ZZ', id: 'HLCU' } })
        .expect(201)
    ).body;
    await client
      .patch(`/api/edi/partners/${other.id}`, { their_interchange_id: cmaCgm.their_interchange_id })
      .expect(409);
  });

  test("another account's partner, or the other mode's, is 404 to read, change and delete", async () => {
    const owner = await businessAccount(app);
    const id = (await siteClient(app, owner.live).post('/api/edi/partners', cmaCgm).expect(201)).body.id;
    const stranger = await businessAccount(app);
    for (const key of [stranger.live, owner.test]) {
      const client = siteClient(app, key);
      const missing = await client.get(`/api/edi/partners/${id}`).expect(404);
      expect(missing.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/not-found',
        detail: `No EDI partner ${id} in this account.`,
      });
      await client.patch(`/api/edi/partners/${id}`, { name: 'mine' }).expect(404);
      await client.delete(`/api/edi/partners/${id}`).expect(404);
    }
    expect((await siteClient(app, owner.live).get(`/api/edi/partners/${id}`).expect(200)).body.name).toBe(cmaCgm.name);
  });

  test('Idempotency-Key replays a creation; the same key on another body is 422; bodies too large or not JSON are refused', async () => {
    const { live } = await businessAccount(app);
    const client = siteClient(app, live);
    const first = await client.post('/api/edi/partners', cmaCgm).set('Idempotency-Key', 'edp-1').expect(201);
    const replay = await client.post('/api/edi/partners', cmaCgm).set('Idempotency-Key', 'edp-1').expect(201);
    expect(replay.body.id).toBe(first.body.id);
    const mismatch = await client
      .post('/api/edi/partners', { ...cmaCgm, name: 'other' })
      .set('Idempotency-Key', 'edp-1')
      .expect(422);
    expect(mismatch.body.type).toBe('https://docs.tradelane.dev/problems/idempotency-mismatch');
    const padding = 'x'.repeat(70000);
    for (const call of [
      client.post('/api/edi/partners', { ...cmaCgm, name: padding }),
      client.patch(`/api/edi/partners/${first.body.id}`, { name: padding }),
    ]) {
      expect((await call.expect(413)).body.type).toBe('https://docs.tradelane.dev/problems/payload-too-large');
    }
    for (const method of ['post', 'patch'] as const) {
      await request(app.hosts.site)
        [method](method === 'post' ? '/api/edi/partners' : `/api/edi/partners/${first.body.id}`)
        .set('Authorization', `Bearer ${live}`)
        .set('Content-Type', 'text/plain')
        .send('name')
        .expect(415);
    }
  });

  test('tokens need edi:read to read and edi:write to change', async () => {
    const { live } = await businessAccount(app);
    const { token } = await accessTokenFor(app, live, ['edi:read']);
    await siteClient(app, token).get('/api/edi/partners').expect(200);
    const refused = await siteClient(app, token).post('/api/edi/partners', cmaCgm).expect(403);
    expect(refused.headers['www-authenticate']).toContain('edi:write');
  });

  test('the account API per-second limit covers every partner operation', async () => {
    const { live } = await businessAccount(app);
    const id = (await siteClient(app, live).post('/api/edi/partners', cmaCgm).expect(201)).body.id;
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) await request(app.hosts.site).get('/api/edi/partners?limit=1').set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/edi/partners'),
      site.post('/api/edi/partners').send(cmaCgm),
      site.get(`/api/edi/partners/${id}`),
      site.patch(`/api/edi/partners/${id}`).send({ name: 'x' }),
      site.delete(`/api/edi/partners/${id}`),
    ]) {
      const res = await call.set(auth).expect(429);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
    app.clock.advance(1000);
  });
});
