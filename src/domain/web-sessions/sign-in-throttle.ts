/**
 * Failed sign-ins counted per client address and per account in a sliding window, in this process's
 * memory (a restart forgets them; several processes each count their own share). A correct password
 * clears the account's count, never the address's.
 */
export interface ThrottleLimits {
  windowMs: number;
  perAddress: number;
  perAccount: number;
}

export const defaultThrottleLimits: ThrottleLimits = { windowMs: 15 * 60_000, perAddress: 20, perAccount: 5 };

/** The most keys held per kind: an address flood cannot grow the map without bound. */
const maxTracked = 50_000;

export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = defaultThrottleLimits) {}

  /** When the next attempt is allowed (ms from now), for the address or the account; 0 when now. */
  waitMs(address: string, email: string, now: number): { scope: 'address' | 'account'; ms: number } | null {
    const byAddress = this.wait(`ip:${address}`, this.limits.perAddress, now);
    if (byAddress > 0) return { scope: 'address', ms: byAddress };
    const byAccount = this.wait(`email:${email}`, this.limits.perAccount, now);
    return byAccount > 0 ? { scope: 'account', ms: byAccount } : null;
  }

  recordFailure(address: string, email: string, now: number): void {
    for (const key of [`ip:${address}`, `email:${email}`]) {
      const times = this.recent(key, now);
      times.push(now);
      if (!this.failures.has(key) && this.failures.size >= maxTracked) this.failures.clear();
      this.failures.set(key, times);
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  private wait(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    return times.length < limit ? 0 : times[times.length - limit] + this.limits.windowMs - now;
  }
}
