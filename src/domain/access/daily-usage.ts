import type { Entitlements } from './entitlements';
import { nextUtcMidnight, type QuotaService } from './quota.service';
import { accountQuotaSubject, type PlanName } from '../shared';

/** One daily bucket of an account today: what was used of what the plan allows (null: unlimited). */
export interface BucketUsage {
  bucket: string;
  used: number;
  limit: number | null;
  resetAt: Date;
}

/** Today's use of each daily bucket the account's plan has, as the API's quota counts it. */
export async function dailyUsage(
  entitlements: Entitlements,
  quotas: QuotaService,
  accountId: string,
  plan: PlanName,
  at: Date,
): Promise<BucketUsage[]> {
  const used = await quotas.usedToday(accountQuotaSubject(accountId), at);
  return entitlements.dailyBuckets(plan).map(({ bucket, dailyLimit }) => ({
    bucket,
    used: used.get(bucket) ?? 0,
    limit: dailyLimit,
    resetAt: nextUtcMidnight(at),
  }));
}
