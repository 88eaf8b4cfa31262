import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe.each(['main', 'tariff'] as const)('POST /api/tariff/public/calculate on the %s host', (host) => {
  it('names every missing or invalid field with a JSON pointer', async () => {
    const res = await request(app.hosts[host])
      .post('/api/tariff/public/calculate')
      .send({ hts_code: '61-09', declared_value: -5, colour: 'red' })
      .expect(400)
      .expect('content-type', /application\/problem\+json/);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer).sort();
    expect(pointers).toEqual(['/body/colour', '/body/country_code', '/body/declared_value', '/body/hts_code']);
  });
});

describe('POST /api/tariff/public/ai-search (tariff host)', () => {
  it('requires a query', async () => {
    const res = await request(app.hosts.tariff).post('/api/tariff/public/ai-search').send({}).expect(400);
    expect(res.body.errors).toEqual([{ pointer: '/body/query', message: "must have required property 'query'" }]);
  });
});

describe('GET /api/shipments (site host)', () => {
  it('rejects a page size over 100', async () => {
    const res = await request(app.hosts.site).get('/api/shipments?limit=500').expect(400);
    expect(res.body.errors[0].pointer).toBe('/query/limit');
  });
});
