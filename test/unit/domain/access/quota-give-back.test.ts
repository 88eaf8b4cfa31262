import { type Entitlement, type QuotaCounterStore, QuotaService } from '../../../../src/domain/access';

/** Counters in memory whose give-backs take `delayMs`, as a database round trip can outlast the answer sent. */
function slowGiveBackCounters(delayMs: number): QuotaCounterStore & { used: Map<string, number> } {
  const used = new Map<string, number>();
  const key = (subject: string, bucket: string, day: string) => `${subject}|${bucket}|${day}`;
  return {
    used,
    take: async (subject, bucket, day, limit) => {
      const count = used.get(key(subject, bucket, day)) ?? 0;
      if (count >= limit) return null;
      used.set(key(subject, bucket, day), count + 1);
      return count + 1;
    },
    giveBack: async (subject, bucket, day) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      used.set(key(subject, bucket, day), (used.get(key(subject, bucket, day)) ?? 1) - 1);
    },
    usedIn: async () => new Map(),
    forgetBefore: async () => undefined,
  };
}

const free: Entitlement = {
  operationId: 'calculateTariff',
  plan: 'free',
  bucket: 'tariff',
  dailyLimit: 5,
  window: 'day',
};
const at = new Date('2026-11-26T12:00:00Z');

describe('QuotaService give-backs', () => {
  it('a call taking a use while the last refused call’s use is still being given back counts after it', async () => {
    const quotas = new QuotaService(slowGiveBackCounters(50));
    const refused = await quotas.take('acct_1', free, at);
    const givingBack = quotas.giveBack(refused as NonNullable<typeof refused>);
    // The next call arrives before the give-back is written: it is still the first use of the day.
    const next = await quotas.take('acct_1', free, at);
    expect(next?.remaining).toBe(4);
    await givingBack;
  });

  it('a failed give-back does not fail the next call', async () => {
    const counters = slowGiveBackCounters(0);
    counters.giveBack = async () => {
      throw new Error('database went away');
    };
    const quotas = new QuotaService(counters);
    const refused = await quotas.take('acct_1', free, at);
    await expect(quotas.giveBack(refused as NonNullable<typeof refused>)).rejects.toThrow('database went away');
    expect((await quotas.take('acct_1', free, at))?.remaining).toBe(3);
  });
});
