import { LRUCache } from 'lru-cache';
import type { Account, ApiKeyRecord } from './ports';
import type { Clock } from '../shared';

export interface KeyWithAccount {
  key: ApiKeyRecord;
  account: Account;
}

/** How long another process's revocation or plan change may take to reach this one. */
export const keyLookupTtlMs = 10_000;

/**
 * API keys this process resolved in the last few seconds, so a busy integration's calls skip the
 * database on the hot path. This process's own revocations, rotations and plan changes forget the
 * entries at once; the TTL bounds how stale another process's view can be. Unknown keys are never
 * remembered, so a key created elsewhere works on its first call.
 */
export class RecentKeyLookups {
  private readonly entries: LRUCache<string, KeyWithAccount>;

  constructor(clock: Clock, ttlMs = keyLookupTtlMs) {
    // ttlResolution 0: ask the (injectable) clock every time instead of a timer-cached reading.
    this.entries = new LRUCache({
      max: 10_000,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now: () => clock.now().getTime() },
    });
  }

  get(keyHash: string): KeyWithAccount | undefined {
    return this.entries.get(keyHash);
  }

  remember(keyHash: string, found: KeyWithAccount): void {
    this.entries.set(keyHash, found);
  }

  forget(keyHash: string): void {
    this.entries.delete(keyHash);
  }

  forgetAll(): void {
    this.entries.clear();
  }
}
