import { AccountRepository } from '../../src/db/repositories/account.repository';
import { AccountService } from '../../src/domain/access/account.service';
import { keyLookupTtlMs } from '../../src/domain/access/recent-key-lookups';
import { TestClock } from '../support/app';
import { createTestDatabase, TestDatabase } from '../support/database';

// Remembered key lookups keep the hot path off the database; these tests pin down how stale they may be.
let db: TestDatabase;
let clock: TestClock;
let service: AccountService;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: true });
});
afterAll(() => db.destroy());
beforeEach(() => {
  clock = new TestClock(new Date('2026-11-22T10:00:00Z'));
  service = new AccountService({ accounts: new AccountRepository(db.knex), clock });
});

const planOf = async (secret: string) => {
  const caller = await service.authenticateKey(secret);
  return caller.kind === 'account' ? caller.plan : null;
};

it('sees a plan change made by another process once the remembered lookup expires', async () => {
  const { account, key } = await service.signUp(`cache-${Date.now()}@example.com`);
  expect(await planOf(key.secret)).toBe('free');
  // Another process (the admin CLI, say) changes the plan behind this service's back.
  await db.knex('accounts').where({ id: account.id }).update({ plan: 'tariff_pro' });
  expect(await planOf(key.secret)).toBe('free');
  clock.advance(keyLookupTtlMs + 1);
  expect(await planOf(key.secret)).toBe('tariff_pro');
});

it('forgets a key at once when this process revokes or rotates it, or changes its plan', async () => {
  const email = `cache-own-${Date.now()}@example.com`;
  const { account, key } = await service.signUp(email);
  await service.authenticateKey(key.secret);
  await service.changePlan(email, 'tariff_pro', 'test', null);
  expect(await planOf(key.secret)).toBe('tariff_pro');

  const owner = { accountId: account.id, mode: 'live', expiring: false } as const;
  const rotated = await service.rotateKey(owner, key.record.id, 0);
  await expect(service.authenticateKey(key.secret)).rejects.toMatchObject({ kind: 'unauthenticated' });
  await service.authenticateKey(rotated.replacement.secret);
  await service.revokeKey(owner, rotated.replacement.record.id);
  await expect(service.authenticateKey(rotated.replacement.secret)).rejects.toMatchObject({ kind: 'unauthenticated' });
});
