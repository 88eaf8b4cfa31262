import { createTestDatabase, TestDatabase } from '../../support/database';
import { clearHtsTables } from '../../support/hts-fixtures';
import { TariffAlertRepository } from '../../../src/db/repositories/tariff-alert.repository';
import {
  createTariffAlert,
  listTariffAlerts,
  TariffAlertInput,
  TariffAlertInvalid,
} from '../../../src/domain/hts/tariff-alerts.service';

let db: TestDatabase;
let alerts: TariffAlertRepository;
let now: number;
const deps = () => ({ alerts, clock: () => now++ });
const live = (accountId: string, input: TariffAlertInput) => createTariffAlert(deps(), accountId, true, input);

beforeAll(async () => {
  db = await createTestDatabase();
  alerts = new TariffAlertRepository(db.knex);
});
beforeEach(async () => {
  await clearHtsTables(db);
  now = Date.parse('2026-11-22T10:00:00.000Z');
});
afterAll(async () => db.destroy());

describe('tariff alerts', () => {
  it('are created with normalised prefixes and countries', async () => {
    const alert = await live('acct_1', {
      htsPrefixes: ['6109.10', '8471.30.01', '6109.10'],
      countries: ['cn', ' VN '],
    });
    expect(alert).toEqual({
      id: expect.stringMatching(/^alr_[0-9a-hjkmnp-tv-z]{26}$/),
      accountId: 'acct_1',
      livemode: true,
      htsPrefixes: ['610910', '84713001'],
      countries: ['CN', 'VN'],
      createdAt: Date.parse('2026-11-22T10:00:00.000Z'),
      updatedAt: Date.parse('2026-11-22T10:00:00.000Z'),
    });
    expect(await alerts.findForAccount('acct_1', true, alert.id)).toEqual(alert);
  });

  it('refuse bad prefixes and countries, naming the field', async () => {
    const attempt = (input: TariffAlertInput) => live('acct_1', input);
    await expect(attempt({ htsPrefixes: [] })).rejects.toMatchObject({
      field: 'hts_prefixes',
      message: 'name at least one HTS prefix to watch',
    });
    await expect(attempt({ htsPrefixes: ['6'] })).rejects.toMatchObject({
      field: 'hts_prefixes',
      message: '"6" is not an HTS prefix (2 to 10 digits)',
    });
    await expect(attempt({ htsPrefixes: ['61091000123'] })).rejects.toBeInstanceOf(TariffAlertInvalid);
    await expect(attempt({ htsPrefixes: ['6109'], countries: ['CHN'] })).rejects.toMatchObject({
      field: 'countries',
      message: '"CHN" is not an ISO 3166-1 alpha-2 country code',
    });
    expect(await alerts.listAll()).toEqual([]);
  });

  it("are reached only through their account: another account's alert is not found", async () => {
    const mine = await live('acct_1', { htsPrefixes: ['6109'] });
    const theirs = await live('acct_2', { htsPrefixes: ['6109'] });
    expect(await alerts.findForAccount('acct_1', true, theirs.id)).toBeNull();
    expect(await alerts.deleteForAccount('acct_1', true, theirs.id)).toBe(false);
    expect(await alerts.findForAccount('acct_2', true, theirs.id)).toEqual(theirs);
    expect((await listTariffAlerts(alerts, 'acct_1', true, { limit: 10 })).data).toEqual([mine]);
    expect(await alerts.deleteForAccount('acct_1', true, mine.id)).toBe(true);
    expect(await alerts.findForAccount('acct_1', true, mine.id)).toBeNull();
    expect(await alerts.deleteForAccount('acct_1', true, mine.id)).toBe(false);
  });

  it("keep to their key's mode: a test-mode alert is not found, listed or deleted in live mode, nor the reverse", async () => {
    const liveAlert = await live('acct_1', { htsPrefixes: ['6109'] });
    const testAlert = await createTariffAlert(deps(), 'acct_1', false, { htsPrefixes: ['6109'] });
    expect(testAlert.livemode).toBe(false);
    expect((await listTariffAlerts(alerts, 'acct_1', true, { limit: 10 })).data).toEqual([liveAlert]);
    expect((await listTariffAlerts(alerts, 'acct_1', false, { limit: 10 })).data).toEqual([testAlert]);
    expect(await alerts.findForAccount('acct_1', true, testAlert.id)).toBeNull();
    expect(await alerts.deleteForAccount('acct_1', false, liveAlert.id)).toBe(false);
    expect(await alerts.deleteForAccount('acct_1', true, testAlert.id)).toBe(false);
    expect(await alerts.deleteForAccount('acct_1', false, testAlert.id)).toBe(true);
    expect(await alerts.listAll()).toEqual([liveAlert]);
  });

  it('are listed oldest first, paged by cursor', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await live('acct_1', { htsPrefixes: [`61${i}0`] }));
    const first = await listTariffAlerts(alerts, 'acct_1', true, { limit: 2 });
    const second = await listTariffAlerts(alerts, 'acct_1', true, { limit: 2, cursor: first.nextCursor as string });
    const third = await listTariffAlerts(alerts, 'acct_1', true, { limit: 2, cursor: second.nextCursor as string });
    expect([...first.data, ...second.data, ...third.data]).toEqual(created);
    expect([first.hasMore, second.hasMore, third.hasMore]).toEqual([true, true, false]);
    expect(third.nextCursor).toBeNull();
  });
});
