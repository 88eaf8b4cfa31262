import request from 'supertest';
import { sha256Hex } from '../../src/domain/access/secrets';
import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';

/**
 * One rule for every date field (src/http/openapi-validation.ts): a day that does not exist
 * (2026-02-30, 0000-00-00) or a time no Date holds (a leap second) is a 400 naming the field,
 * never stored nor a 500, in bodies and queries alike.
 */
const adminToken = 'admin-token-for-date-tests';
let app: TestApp;
let live: string;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true, adminTokenSha256: sha256Hex(adminToken) } });
  app.clock.set('2026-12-01T15:00:00.000Z');
  ({ live } = await businessAccount(app));
});
afterAll(() => app?.close());

const shipment = {
  reference: 'PO-1',
  mode: 'ocean_fcl',
  origin: { locode: 'CNNGB' },
  destination: { locode: 'USLAX' },
};
const impossibleDays = ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '0000-00-00'];

const expectRefused = async (res: request.Test, pointer: string) => {
  const answer = await res.expect(400);
  expect(answer.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
  expect(answer.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
};

it('refuses impossible days on shipments, before anything is stored', async () => {
  const client = siteClient(app, live);
  for (const day of impossibleDays)
    for (const field of ['cargo_ready_date', 'etd', 'eta'])
      await expectRefused(client.post('/api/shipments', { ...shipment, [field]: day }), `/body/${field}`);
  const created = await client.post('/api/shipments', { ...shipment, eta: '2028-02-29' }).expect(201);
  await expectRefused(client.patch(`/api/shipments/${created.body.id}`, { etd: '2026-02-30' }), '/body/etd');
  expect((await client.get('/api/shipments').expect(200)).body.data).toHaveLength(1);
  await expectRefused(client.get('/api/shipments?created_after=2026-02-30T00:00:00Z'), '/query/created_after');
});

it('refuses impossible due dates on invoices', async () => {
  const client = siteClient(app, live);
  for (const day of impossibleDays)
    await expectRefused(client.post('/api/invoices', { currency: 'USD', due_date: day }), '/body/due_date');
  await client.post('/api/invoices', { currency: 'USD', due_date: '2028-02-29' }).expect(201);
});

it("refuses an LTL quote valid until 0000-00-00T00:00:00Z, or a leap second, as the operator's mistake", async () => {
  const client = siteClient(app, live);
  const id = (
    await client
      .post('/api/ltl-quote-requests', {
        origin: { postal_code: '90021' },
        destination: { postal_code: '60607' },
        ready_date: '2026-12-02',
        pallets: [
          { length: 48, width: 40, height: 50, length_unit: 'in', weight: 750, weight_unit: 'lb', quantity: 1 },
        ],
      })
      .expect(201)
  ).body.id;
  const offer = {
    carrier_scac: 'ODFL',
    carrier_name: 'Old Dominion Freight Line',
    amount: { amount: '612.40', currency: 'USD' },
    transit_days: 4,
  };
  const quote = (validUntil: string) =>
    request(app.hosts.site)
      .post(`/api/admin/ltl-quote-requests/${id}/quote`)
      .set('X-Admin-Token', adminToken)
      .send({ ...offer, valid_until: validUntil });
  for (const validUntil of ['0000-00-00T00:00:00Z', '2026-12-31T23:59:60Z', '2026-02-30T00:00:00Z'])
    await expectRefused(quote(validUntil), '/body/valid_until');
  await expectRefused(client.post('/api/ltl-quote-requests', { ready_date: '2026-02-30' }), '/body/ready_date');
  await quote('2026-12-05T23:59:59Z').expect(200);
});
