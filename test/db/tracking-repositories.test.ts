import { CreditLedgerRepository } from '../../src/db/repositories/credit-ledger.repository';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { PortRepository } from '../../src/db/repositories/port.repository';
import { ProviderHealthRepository } from '../../src/db/repositories/provider-health.repository';
import { TrackingSubscriptionRepository } from '../../src/db/repositories/tracking-subscription.repository';
import { trackingUnitOfWork } from '../../src/db/repositories/tracking-unit-of-work';
import { VesselPositionRepository } from '../../src/db/repositories/vessel-position.repository';
import { newOutboxEvent } from '../../src/domain/shared/outbox-event';
import {
  DuplicateSubscriptionError,
  InsufficientCreditsError,
  ShipmentNotFoundError,
  TrackingInputError,
} from '../../src/domain/tracking/errors';
import { TrackingCreditService } from '../../src/domain/tracking/credit.service';
import { TrackingSubscriptionService } from '../../src/domain/tracking/subscription.service';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { at } from '../support/tracking-fixtures';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

describe(`tracking repositories on ${testDialect}`, () => {
  let now = at('2026-11-22T10:00:00.000Z');
  const clock = () => now;
  const service = () => {
    const subscriptions = new TrackingSubscriptionRepository(db.knex);
    return new TrackingSubscriptionService({
      unitOfWork: trackingUnitOfWork(db.knex),
      reader: subscriptions,
      ports: new PortRepository(db.knex),
      clock,
    });
  };
  const credits = () => new CreditLedgerRepository(db.knex);

  test('credit ledger: grants, exact balances, no overdraft', async () => {
    const ledger = credits();
    await ledger.append(
      'acct_1',
      'tracking',
      { kind: 'grant', credits: '2.00', reason: 'welcome', actor: 'admin@tradelane' },
      now,
    );
    await ledger.append(
      'acct_1',
      'tracking',
      { kind: 'grant', credits: '0.10', reason: 'goodwill', actor: 'admin@tradelane' },
      now,
    );
    expect(await ledger.balance('acct_1', 'tracking')).toBe('2.10');
    await expect(ledger.append('acct_1', 'tracking', { kind: 'consume', credits: '-3.00' }, now)).rejects.toThrow(
      'too low',
    );
    expect(await ledger.balance('acct_1', 'tracking')).toBe('2.10');
    const [latest] = await ledger.entries('acct_1', 'tracking');
    expect(latest).toMatchObject({ kind: 'grant', credits: '0.10', balanceAfter: '2.10', actor: 'admin@tradelane' });
  });

  test('a subscription consumes one credit at the account tier; none left is insufficient credits', async () => {
    now += 1000;
    const created = await service().create({
      accountId: 'acct_1',
      livemode: true,
      referenceType: 'container',
      reference: 'msku 123456-5',
      plan: 'tariff_pro',
    });
    expect(created).toMatchObject({
      reference: 'MSKU1234565',
      carrierScac: 'MAEU',
      carrierSource: 'owner_prefix',
      status: 'active',
    });
    expect(created.id).toMatch(/^trk_/);
    expect(await credits().balance('acct_1', 'tracking')).toBe('1.10');
    const [entry] = await credits().entries('acct_1', 'tracking');
    expect(entry).toMatchObject({
      kind: 'consume',
      credits: '-1.00',
      unitPrice: '1.2000',
      amount: '1.20',
      currency: 'USD',
      subjectId: created.id,
    });
    expect(await credits().consumedSince('acct_1', 'tracking', at('2026-11-01T00:00:00Z'))).toBe(1);

    await service().create({
      accountId: 'acct_1',
      livemode: true,
      referenceType: 'bill_of_lading',
      reference: 'MAEU987654321',
      plan: 'tariff_pro',
    });
    expect(await credits().balance('acct_1', 'tracking')).toBe('0.10');
    await expect(
      service().create({
        accountId: 'acct_1',
        livemode: true,
        referenceType: 'booking',
        reference: 'HLCU55555',
        plan: 'tariff_pro',
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    // Nothing half-done: no subscription was written for the refused one.
    const list = await service().list('acct_1', true, { limit: 10, cursor: null, status: null });
    expect(list.data.map((s) => s.reference)).toEqual(['MSKU1234565', 'MAEU987654321']);
  });

  test('credit service: admin grants need a reason and an actor; quotes follow the month volume', async () => {
    const credits = new TrackingCreditService({ ledger: new CreditLedgerRepository(db.knex), clock });
    await expect(credits.grant('acct_6', '10', '', 'admin')).rejects.toThrow('reason');
    const entry = await credits.grant('acct_6', '10', 'pilot', 'ops@tradelane');
    expect(entry).toMatchObject({ kind: 'grant', credits: '10.00', balanceAfter: '10.00' });
    expect(await credits.balance('acct_6')).toBe('10.00');
    expect((await credits.quote('acct_6', 'tariff_pro', 2)).amount).toBe('2.40');
    expect((await credits.transactions('acct_6', { limit: 10, cursor: null })).data.map((e) => e.kind)).toEqual([
      'grant',
    ]);
    expect(await credits.summary('acct_6', 'tariff_pro', true)).toMatchObject({
      balance: '10.00',
      usedThisMonth: 0,
      nextUnitPrice: '1.20',
      nextDiscountPercent: 20,
    });
    // One balance per account: a test key sees the same (it spends it on references other than the samples).
    expect(await credits.summary('acct_6', 'tariff_pro', false)).toMatchObject({
      livemode: false,
      balance: '10.00',
      nextUnitPrice: '1.20',
    });
  });

  test("a business plan's own shipments and test mode's sample containers consume nothing; another account's shipment is not found", async () => {
    await db.knex('accounts').insert(
      ['acct_2', 'acct_7'].map((id) => ({
        id,
        email: `${id}@example.com`,
        plan: 'business',
        created_at: now,
        updated_at: now,
      })),
    );
    for (const [id, accountId] of [
      ['shp_own', 'acct_2'],
      ['shp_theirs', 'acct_7'],
    ]) {
      await db
        .knex('shipments')
        .insert({ id, account_id: accountId, reference: null, status: 'in_transit', created_at: now, updated_at: now });
    }
    const covered = await service().create({
      accountId: 'acct_2',
      livemode: true,
      referenceType: 'container',
      reference: 'CSQU3054383',
      plan: 'business',
      shipmentId: 'shp_own',
    });
    expect(covered).toMatchObject({ shipmentId: 'shp_own', creditEntryId: null });
    expect((await service().get('acct_2', true, covered.id)).shipmentId).toBe('shp_own');
    await service().create({
      accountId: 'acct_2',
      livemode: false,
      referenceType: 'container',
      reference: 'MSKU0001039',
      plan: 'free',
    });
    // Other references cost a test key a credit, as they would a live key.
    await expect(
      service().create({
        accountId: 'acct_2',
        livemode: false,
        referenceType: 'container',
        reference: 'CSQU3054383',
        plan: 'free',
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(
      service().create({
        accountId: 'acct_2',
        livemode: true,
        referenceType: 'container',
        reference: 'MSKU1234565',
        plan: 'business',
        shipmentId: 'shp_theirs',
      }),
    ).rejects.toBeInstanceOf(ShipmentNotFoundError);
    // On the free plan an own shipment still costs its credit.
    await expect(
      service().create({
        accountId: 'acct_2',
        livemode: true,
        referenceType: 'container',
        reference: 'MSKU1234565',
        plan: 'free',
        shipmentId: 'shp_own',
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await credits().balance('acct_2', 'tracking')).toBe('0.00');
    expect(await credits().entries('acct_2', 'tracking')).toEqual([]);
  });

  test('the same reference twice is a duplicate while active, and allowed again once stopped', async () => {
    const first = await service().create({
      accountId: 'acct_3',
      livemode: false,
      referenceType: 'container',
      reference: 'MSKU0001023',
      plan: 'free',
    });
    await expect(
      service().create({
        accountId: 'acct_3',
        livemode: false,
        referenceType: 'container',
        reference: 'MSKU0001023',
        plan: 'free',
      }),
    ).rejects.toBeInstanceOf(DuplicateSubscriptionError);
    const stopped = await service().stop('acct_3', false, first.id);
    expect(stopped).toMatchObject({ status: 'stopped', stoppedAt: now });
    await expect(service().stop('acct_3', false, first.id)).resolves.toMatchObject({ status: 'stopped' });
    await service().create({
      accountId: 'acct_3',
      livemode: false,
      referenceType: 'container',
      reference: 'MSKU0001023',
      plan: 'free',
    });
  });

  test('a wrong check digit is an input error naming the expected digit', async () => {
    const error = await service()
      .create({
        accountId: 'acct_4',
        livemode: false,
        referenceType: 'container',
        reference: 'MSCU1234567',
        plan: 'free',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackingInputError);
    expect((error as TrackingInputError).details).toEqual({ reason: 'check_digit', expected_check_digit: 6 });
  });

  test('lists page by (created_at, id) with a cursor', async () => {
    // Test mode's sample containers: free, so the account needs no credits.
    const refs = ['MSKU0001018', 'MSKU0001023', 'MSKU0001039', 'MSKU0001044', 'MSKU0001050'];
    for (const reference of refs) {
      now += 1000;
      await service().create({
        accountId: 'acct_5',
        livemode: false,
        referenceType: 'container',
        reference,
        plan: 'free',
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await service().list('acct_5', false, { limit: 2, cursor, status: null });
      seen.push(...page.data.map((s) => s.reference));
      cursor = page.nextCursor;
      pages += 1;
      expect(page.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(refs);
    expect(pages).toBe(3);
    // Other accounts and modes see none of it.
    expect((await service().list('acct_5', true, { limit: 10, cursor: null, status: null })).data).toEqual([]);
  });

  test('outbox events are stored with JSON data and drained in order', async () => {
    const outbox = new OutboxEventRepository(db.knex);
    const a = newOutboxEvent(
      'container.updated',
      { accountId: 'acct_9', livemode: true, subjectType: 'container', subjectId: 'cnt_1', data: { status: 'loaded' } },
      now,
    );
    const b = newOutboxEvent(
      'container.arrived',
      {
        accountId: 'acct_9',
        livemode: true,
        subjectType: 'container',
        subjectId: 'cnt_1',
        data: { status: 'arrived' },
      },
      now + 1,
    );
    await outbox.append([b, a]);
    const pending = await outbox.listUndelivered(10);
    expect(pending.map((e) => e.type)).toEqual(['container.updated', 'container.arrived']);
    expect(pending[0]).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      data: { status: 'loaded' },
      livemode: true,
      deliveredAt: null,
    });
    await outbox.markDelivered([a.id], now + 5);
    expect((await outbox.listUndelivered(10)).map((e) => e.id)).toEqual([b.id]);
  });

  test('provider health round-trips', async () => {
    const health = new ProviderHealthRepository(db.knex);
    await health.save({
      provider: 'dcsa:MAEU',
      consecutiveFailures: 2,
      backoffUntil: now + 120_000,
      lastFailureAt: now,
      lastSuccessAt: null,
      lastError: 'HTTP 503',
    });
    expect(await health.get('dcsa:MAEU')).toEqual({
      provider: 'dcsa:MAEU',
      consecutiveFailures: 2,
      backoffUntil: now + 120_000,
      lastFailureAt: now,
      lastSuccessAt: null,
      lastError: 'HTTP 503',
    });
    await health.save({
      provider: 'dcsa:MAEU',
      consecutiveFailures: 0,
      backoffUntil: null,
      lastFailureAt: now,
      lastSuccessAt: now + 1,
      lastError: 'HTTP 503',
    });
    expect((await health.get('dcsa:MAEU'))?.consecutiveFailures).toBe(0);
  });

  test('vessel positions: duplicates ignored, register merges static data', async () => {
    const positions = new VesselPositionRepository(db.knex);
    const fix = {
      mmsi: '351759000',
      imo: null,
      lat: 40.1,
      lon: -70.2,
      sogKnots: 17.5,
      cogDegrees: 250.1,
      heading: 251,
      navStatus: 0,
      time: now - 60_000,
      source: 'ais:nmea',
    };
    await positions.saveFixes([fix, { ...fix, time: now }], now);
    await positions.saveFixes([fix], now);
    expect((await positions.recentPositions('351759000', now - 3_600_000)).map((f) => f.time)).toEqual([
      now - 60_000,
      now,
    ]);
    await positions.upsertVessels([
      {
        mmsi: '351759000',
        imo: '9134270',
        name: 'EVER DIADEM',
        callSign: '3FOF8',
        shipType: 70,
        destination: 'NEW YORK',
        reportedEta: '05-15 14:00',
        draught: 12.2,
        source: 'ais:nmea',
        updatedAt: now,
      },
    ]);
    await positions.upsertVessels([
      {
        mmsi: '351759000',
        imo: null,
        name: 'EVER DIADEM',
        callSign: null,
        shipType: null,
        destination: 'ROTTERDAM',
        reportedEta: null,
        draught: null,
        source: 'ais:nmea',
        updatedAt: now + 1,
      },
    ]);
    expect(await positions.findVessel({ imo: '9134270', mmsi: null, name: null })).toMatchObject({
      mmsi: '351759000',
      callSign: '3FOF8',
      destination: 'ROTTERDAM',
      draught: 12.2,
    });
  });

  test('ports resolve by code and by alias', async () => {
    const ports = new PortRepository(db.knex);
    await ports.replaceAll(
      [
        {
          locode: 'CNSHA',
          name: 'Shanghai',
          countryCode: 'CN',
          countryName: 'China',
          lat: 31.23,
          lon: 121.49,
          coordinatesSource: 'wpi',
          timezone: 'Asia/Shanghai',
          wpiNumber: 57035,
          harborSize: 'Large',
          qualityNote: null,
        },
      ],
      new Map([['CNSGH', 'CNSHA']]),
      now,
    );
    const found = await ports.findMany(['CNSHA', 'CNSGH', 'XXXXX']);
    expect(found.get('CNSGH')).toEqual({ locode: 'CNSHA', name: 'Shanghai', lat: 31.23, lon: 121.49 });
    expect(found.has('XXXXX')).toBe(false);
  });
});
