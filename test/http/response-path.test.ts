import pino from 'pino';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { setPlan, signUp } from '../support/accounts';

/**
 * What every answer passes through (src/http/response-writer.ts), as production runs it (response
 * validation off: the fast JSON write) and as the tests run it (validation on: the validator's
 * res.json): idempotent replays keep their bodies, and the access log, request metrics and the
 * version header see every answer.
 */
describe.each([false, true])('the response path (response validation %s)', (validateResponses) => {
  let app: TestApp;
  const lines: Array<{ msg?: string; req?: { url?: string }; res?: { status?: number } }> = [];
  let key: string;
  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    app = await createTestApp({ config: { validateResponses }, logger });
    const account = await signUp(app);
    await setPlan(app, account.email, 'business');
    key = account.key;
  });
  afterAll(() => app.close());

  const bearer = () => ({ Authorization: `Bearer ${key}` });
  const shipment = {
    reference: 'PO-1',
    mode: 'ocean_fcl',
    origin: { locode: 'CNNGB' },
    destination: { locode: 'USLAX' },
  };

  it('replays a create with the body it answered first', async () => {
    const send = () =>
      request(app.hosts.site).post('/api/shipments').set(bearer()).set('Idempotency-Key', 'ship-1').send(shipment);
    const first = await send().expect(201);
    const replay = await send().expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(Number(replay.headers['content-length'])).toBeGreaterThan(0);
    expect(replay.headers['content-length']).toBe(first.headers['content-length']);
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(replay.headers.location).toBe(first.headers.location);
    expect(replay.body).toEqual(first.body);
    expect(replay.body.id).toMatch(/^shp_/);
  });

  it('answers a replayed key creation 409 idempotency-secret-withheld', async () => {
    const send = () =>
      request(app.hosts.site).post('/api/keys').set(bearer()).set('Idempotency-Key', 'key-1').send({ name: 'ci' });
    const created = await send().expect(201);
    const replay = await send().expect(409);
    expect(replay.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(replay.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/idempotency-secret-withheld',
      status: 409,
    });
    expect(replay.body.detail).toContain(created.body.id);
  });

  it('replays a problem as it was answered', async () => {
    const testKey = (await request(app.hosts.site).post('/api/keys').set(bearer()).send({ mode: 'test' }).expect(201))
      .body.secret;
    // A test key may not make a live key: a definite answer, kept and replayed.
    const send = () =>
      request(app.hosts.site)
        .post('/api/keys')
        .set('Authorization', `Bearer ${testKey}`)
        .set('Idempotency-Key', 'refused')
        .send({ mode: 'live' });
    const first = await send().expect(403);
    const replay = await send().expect(403);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('logs, counts and versions every answer: a result, a problem and a replay', async () => {
    const get = (path: string) => request(app.hosts.site).get(path).set(bearer());
    const answers = [
      await get('/api/shipments').expect(200),
      await get('/api/shipments/shp_nothing').expect(404),
      await request(app.hosts.site)
        .post('/api/shipments')
        .set(bearer())
        .set('Idempotency-Key', 'ship-1')
        .send(shipment),
    ];
    for (const res of answers) expect(res.headers['tradelane-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.filter((line) => line.msg === 'request completed').map((l) => [l.req?.url, l.res?.status]);
    expect(logged).toEqual(
      expect.arrayContaining([
        ['/api/shipments', 200],
        ['/api/shipments/shp_nothing', 404],
        ['/api/shipments', 201],
      ]),
    );
    const metrics = (await request(app.hosts.site).get('/metrics').expect(200)).text;
    for (const [operation, status] of [
      ['listShipments', 200],
      ['getShipment', 404],
      ['createShipment', 201],
    ])
      expect(metrics).toMatch(
        new RegExp(
          `tradelane_http_requests_total\\{[^}]*operation="${operation}"[^}]*status="${status}"[^}]*\\} [1-9]`,
        ),
      );
  });

  it('never answers 304: no answer carries a validator, so a conditional request gets the whole answer', async () => {
    const conditional = { 'If-None-Match': '*', 'If-Modified-Since': new Date().toUTCString() };
    const yaml = await request(app.hosts.site).get('/openapi.yaml').set(conditional).expect(200);
    expect(yaml.text).toContain('openapi:');
    const list = await request(app.hosts.site).get('/api/shipments').set(bearer()).set(conditional).expect(200);
    expect(list.body.object).toBe('list');
  });
});
