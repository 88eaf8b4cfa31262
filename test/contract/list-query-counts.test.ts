import request from 'supertest';
import { businessAccount, containerNumber, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';

/**
 * Every list operation reads a page in a fixed number of queries: a page of 12 costs no more than a
 * page of 2 (no read per item), and neither more than `maxQueries` (authentication, quota and the
 * page's own reads included).
 */
const maxQueries = 12;

let app: TestApp;
let live: string;
let serial = 100_000;

beforeAll(async () => {
  app = await createTestApp();
  app.clock.set('2026-11-25T10:00:00.000Z');
  ({ live } = await businessAccount(app));
}, 120_000);
afterAll(() => app?.close());

const site = () => siteClient(app, live);

interface ListOperation {
  name: string;
  list: () => request.Test;
  /** Adds one item to the list. */
  add: () => Promise<unknown>;
}

const operations: ListOperation[] = [
  {
    name: 'listShipments',
    list: () => site().get('/api/shipments?limit=100'),
    add: async () => {
      const numbers = [containerNumber('MSKU', String(serial++)), containerNumber('MSKU', String(serial++))];
      const created = await site()
        .post('/api/shipments', { mode: 'ocean_fcl', containers: numbers.map((number) => ({ number })) })
        .expect(201);
      await site().post(`/api/shipments/${created.body.id}/book`).expect(200);
    },
  },
  {
    name: 'listInvoices',
    list: () => site().get('/api/invoices?limit=100'),
    add: () =>
      site()
        .post('/api/invoices', {
          currency: 'USD',
          lines: [{ description: 'Storage', charge_code: 'storage', quantity: '2', unit_amount: '10.5' }],
        })
        .expect(201),
  },
  {
    name: 'listLtlQuoteRequests',
    list: () => site().get('/api/ltl-quote-requests?limit=100'),
    add: () =>
      site()
        .post('/api/ltl-quote-requests', {
          origin: { postal_code: '90021' },
          destination: { postal_code: '60607' },
          ready_date: '2026-12-02',
          pallets: [
            { length: 48, width: 40, height: 50, length_unit: 'in', weight: 750, weight_unit: 'lb', quantity: 1 },
          ],
        })
        .expect(201),
  },
  {
    name: 'listApiKeys',
    list: () => site().get('/api/keys'),
    add: () => site().post('/api/keys', { mode: 'test' }).expect(201),
  },
  {
    name: 'listOAuthClients',
    list: () => site().get('/api/oauth/clients'),
    add: () =>
      site()
        .post('/api/oauth/clients', { scopes: ['keys:read'] })
        .expect(201),
  },
  {
    name: 'listDocuments',
    list: () => site().get('/api/documents?limit=100'),
    add: () =>
      site()
        .post('/api/documents')
        .field('type', 'other')
        .attach(
          'file',
          Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
          {
            filename: 'note.pdf',
            contentType: 'application/pdf',
          },
        )
        .expect(201),
  },
  {
    name: 'listTariffAlerts',
    list: () => request(app.hosts.tariff).get('/api/tariff/alerts?limit=100').set('X-API-Key', live),
    add: () =>
      request(app.hosts.tariff)
        .post('/api/tariff/alerts')
        .set('X-API-Key', live)
        .send({ hts_prefixes: [String(serial++).slice(-4)] })
        .expect(201),
  },
  {
    name: 'listEvents',
    list: () => site().get('/api/events?limit=100'),
    add: () => site().post('/api/shipments', { mode: 'ocean_fcl' }).expect(201),
  },
  {
    name: 'listTrackingSubscriptions',
    list: () => request(app.hosts.main).get('/api/tracking/subscriptions?limit=100').set('X-API-Key', live),
    add: async () => {
      const created = await site()
        .post('/api/shipments', {
          mode: 'ocean_fcl',
          containers: [{ number: containerNumber('MSKU', String(serial++)) }],
        })
        .expect(201);
      await site().post(`/api/shipments/${created.body.id}/book`).expect(200);
    },
  },
];

/** The queries the database saw while one request was answered. */
async function queriesOf(call: () => request.Test): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  app.db.knex.on('query', listener);
  try {
    await call().expect(200);
  } finally {
    app.db.knex.off('query', listener);
  }
  return seen;
}

describe(`list operations on ${testDialect}`, () => {
  test.each(operations)('$name reads a page in a number of queries that does not grow with the page', async (op) => {
    for (let i = 0; i < 2; i++) await op.add();
    await queriesOf(op.list); // caches (keys, plans) warm, as in a running process
    const few = await queriesOf(op.list);
    for (let i = 0; i < 10; i++) await op.add();
    const many = await queriesOf(op.list);
    expect((await op.list().expect(200)).body.data.length).toBeGreaterThanOrEqual(12);
    expect({ queries: many.length, sql: many.length > few.length ? many : [] }).toEqual({
      queries: expect.any(Number),
      sql: [],
    });
    expect(many.length).toBeLessThanOrEqual(maxQueries);
  });
});
