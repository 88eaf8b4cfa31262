import type { Entitlement, QuotaWindow } from './entitlements';
import type { QuotaCounterStore } from './ports';

/** The state of one daily bucket after a call took (or failed to take) a use from it. */
export interface QuotaState {
  bucket: string;
  limit: number;
  remaining: number;
  /** When the window resets: next 00:00 UTC, or the next second. */
  resetAt: Date;
  window: QuotaWindow;
  granted: boolean;
  /** The window the use was taken from (YYYY-MM-DD, or epoch seconds), to give it back to. */
  day: string;
  subject: string;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Whether calls under this entitlement are counted: unlimited ones never are. */
export const isCounted = (
  entitlement: Entitlement,
): entitlement is Entitlement & { bucket: string; dailyLimit: number } =>
  entitlement.bucket !== null && entitlement.dailyLimit !== null;

/** Daily quotas: windows are UTC days; counting is one atomic statement in the database. */
export class QuotaService {
  /**
   * Uses being given back, by subject and bucket. A refusal is answered once its use is back, or
   * after a bounded wait (src/http/error-handler.ts), so the caller's next call can still arrive
   * first: it waits for them, and so never counts a use this process is still giving back.
   */
  private readonly givingBack = new Map<string, Promise<void>>();

  constructor(private readonly counters: QuotaCounterStore) {}

  /** Takes one use of a limited entitlement; unlimited entitlements are never counted (null). */
  async take(subject: string, entitlement: Entitlement, at: Date): Promise<QuotaState | null> {
    if (!isCounted(entitlement)) return null;
    // A give-back that failed is the caller's to report (it logs it); counting goes on.
    await this.givingBack.get(`${subject} ${entitlement.bucket}`)?.catch(() => undefined);
    const perSecond = entitlement.window === 'second';
    // Epoch seconds have 10 digits until 2286, so they sort as text and fit the day's column.
    const day = perSecond ? String(Math.floor(at.getTime() / 1000)) : utcDay(at);
    const used = await this.counters.take(subject, entitlement.bucket, day, entitlement.dailyLimit);
    // The first call of a second clears the subject's past seconds of the bucket.
    if (perSecond && used === 1) await this.counters.forgetBefore(subject, entitlement.bucket, day);
    return {
      bucket: entitlement.bucket,
      limit: entitlement.dailyLimit,
      remaining: used === null ? 0 : entitlement.dailyLimit - used,
      resetAt: perSecond ? new Date((Number(day) + 1) * 1000) : nextUtcMidnight(at),
      window: entitlement.window,
      granted: used !== null,
      day,
      subject,
    };
  }

  /** Today's uses (UTC day) of the subject's daily buckets, by bucket. */
  usedToday(subject: string, at: Date): Promise<Map<string, number>> {
    return this.counters.usedIn(subject, utcDay(at));
  }

  /** A call that was rejected after its use was taken gets it back. */
  async giveBack(state: QuotaState): Promise<void> {
    if (!state.granted) return;
    const key = `${state.subject} ${state.bucket}`;
    const earlier = this.givingBack.get(key);
    const done = (async () => {
      await earlier?.catch(() => undefined);
      await this.counters.giveBack(state.subject, state.bucket, state.day);
    })().finally(() => {
      if (this.givingBack.get(key) === done) this.givingBack.delete(key);
    });
    this.givingBack.set(key, done);
    await done;
  }
}
