import fs from 'node:fs';
import pino from 'pino';
import request from 'supertest';
import { importHtsFile } from '../../src/domain/hts/hts-import.service';
import { releaseImpactNotifier } from '../../src/hosts/product-services';
import { htsRefreshDeps } from '../../src/hosts/tariff-services';
import { businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';
import { realHtsFile } from '../support/hts-fixtures';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true }, withTariffData: ['hts_2026_revision_3_csv.csv'] });
  app.clock.set('2026-11-25T10:00:00.000Z');
}, 120_000);
afterAll(() => app?.close());

const usd = (amount: string) => ({ amount, currency: 'USD' });

describe(`tariff.impact on ${testDialect}`, () => {
  test('a new newest HTS release writes a tariff.impact event per catalogue it changes, with the dollar figures; alerts keep their tariff.changed', async () => {
    const { live, accountId } = await businessAccount(app);
    const client = siteClient(app, live);
    const products = [
      { sku: 'TEE-CN', hts_code: '6109.10.0012', country_of_origin: 'CN', annual_value: usd('1200000.00') },
      { sku: 'SCREW-CN', hts_code: '7318.15.2095', country_of_origin: 'CN', annual_value: usd('60000.00') },
      { sku: 'SOFA-CN', hts_code: '9401.61.4011', country_of_origin: 'CN', annual_value: usd('800000.00') },
    ];
    for (const product of products) await client.post('/api/products', product).expect(201);
    // An account without products gets no impact event; an alert's tariff.changed is written as before.
    const watcher = await businessAccount(app);
    await request(app.hosts.tariff)
      .post('/api/tariff/alerts')
      .set('X-API-Key', watcher.live)
      .send({ hts_prefixes: ['99'] })
      .expect(201);

    const notifier = releaseImpactNotifier(
      app.deps.db.knex,
      app.deps.tariff,
      app.deps.clock,
      pino({ level: 'silent' }),
    );
    const name = 'hts_2026_revision_4_csv.csv';
    const imported = await importHtsFile(htsRefreshDeps(app.deps.tariff, app.deps.clock, undefined, notifier), {
      bytes: fs.readFileSync(realHtsFile(name)),
      revision: { year: 2026, revision: 4 },
      source: name,
    });
    expect(imported.outcome).toBe('imported');
    const effective = imported.outcome === 'imported' ? imported.release.effectiveDate : '';

    const rows = await app.deps.db.knex('outbox_events').whereIn('type', ['tariff.impact', 'tariff.changed']);
    const byType = (type: string) => rows.filter((r: { type: string }) => r.type === type);
    expect(byType('tariff.changed').map((r: { account_id: string }) => r.account_id)).toEqual([watcher.accountId]);
    const impacts = byType('tariff.impact');
    expect(impacts.map((r: { account_id: string }) => r.account_id)).toEqual([accountId]);
    const event = JSON.parse(impacts[0].data as string);
    expect(event).toMatchObject({
      object: 'tariff_impact',
      release: { id: 'htsr_2026_rev_4', effective_date: effective },
      to: effective,
      counts: { products: 3 },
      products_truncated: false,
    });
    expect(event.affected_count).toBeGreaterThan(0);
    expect(event.products).toHaveLength(event.affected_count);
    // The event's figures are those of GET /api/products/impact over the same two dates.
    const answer = await client.get(`/api/products/impact?from=${event.from}&to=${event.to}`);
    expect(answer.status).toBe(200);
    const report = answer.body;
    const changed = report.data.filter((p: { status: string }) => p.status === 'increased' || p.status === 'decreased');
    expect(event.products).toEqual(changed);
    for (const product of event.products)
      expect(product.annual_impact.amount).toBe(
        (Number(product.after.annual_duty.amount) - Number(product.before.annual_duty.amount)).toFixed(2),
      );
  }, 120_000);
});
