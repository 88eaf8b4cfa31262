import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import type { EntitlementPlan } from '../shared';

const limit = z.union([z.number().int().positive(), z.literal('unlimited')]);
const plan = z.enum(['anonymous', 'free', 'tariff_pro', 'business']);
/** A bucket counts per UTC day, unless it says it counts per second (a rate limit rather than a quota). */
const bucketSchema = z.union([
  z.string(),
  z.object({ description: z.string(), window: z.enum(['day', 'second']) }).strict(),
]);
const fileSchema = z.object({
  buckets: z.record(z.string(), bucketSchema),
  operations: z.record(
    z.string(),
    z.object({ bucket: z.string().optional(), plans: z.partialRecord(plan, limit) }).strict(),
  ),
});

export interface Entitlement {
  operationId: string;
  plan: EntitlementPlan;
  /** Present when calls are counted; the bucket several operations may share. */
  bucket: string | null;
  /** Calls per window (a UTC day unless the bucket says a second); null is unlimited. */
  dailyLimit: number | null;
  window: QuotaWindow;
}

export type QuotaWindow = 'day' | 'second';

/** The plan → operation → limit table (entitlements.yaml), validated once when loaded. */
export class Entitlements {
  private constructor(
    private readonly rows: Map<string, Entitlement>,
    readonly operationIds: Set<string>,
  ) {}

  static parse(text: string): Entitlements {
    const file = fileSchema.parse(YAML.parse(text));
    const rows = new Map<string, Entitlement>();
    const bucketLimits = new Map<string, number | null>();
    for (const [operationId, entry] of Object.entries(file.operations)) {
      if (entry.bucket !== undefined && !(entry.bucket in file.buckets))
        throw new Error(`entitlements: ${operationId} names unknown bucket ${entry.bucket}`);
      for (const [planName, value] of Object.entries(entry.plans)) {
        const dailyLimit = value === 'unlimited' ? null : value;
        if (entry.bucket) {
          // Operations sharing a bucket must agree on each plan's limit, or the count means nothing.
          const key = `${entry.bucket}/${planName}`;
          if (bucketLimits.has(key) && bucketLimits.get(key) !== dailyLimit)
            throw new Error(
              `entitlements: ${operationId} disagrees on the ${planName} limit of bucket ${entry.bucket}`,
            );
          bucketLimits.set(key, dailyLimit);
        }
        const bucket = entry.bucket === undefined ? undefined : file.buckets[entry.bucket];
        const window = typeof bucket === 'object' ? bucket.window : 'day';
        rows.set(`${operationId}/${planName}`, {
          operationId,
          plan: planName as EntitlementPlan,
          bucket: entry.bucket ?? null,
          dailyLimit,
          window,
        });
      }
    }
    return new Entitlements(rows, new Set(Object.keys(file.operations)));
  }

  static load(file = path.join(__dirname, 'entitlements.yaml')): Entitlements {
    return Entitlements.parse(fs.readFileSync(file, 'utf8'));
  }

  /** The daily buckets a plan counts or leaves unlimited, each once, with its limit (null: unlimited). */
  dailyBuckets(plan: EntitlementPlan): Array<{ bucket: string; dailyLimit: number | null }> {
    const found = new Map<string, number | null>();
    for (const row of this.rows.values())
      if (row.plan === plan && row.bucket !== null && row.window === 'day') found.set(row.bucket, row.dailyLimit);
    return [...found].map(([bucket, dailyLimit]) => ({ bucket, dailyLimit }));
  }

  /** The entitlement of a plan for an operation, or null when the plan does not include it. */
  of(operationId: string, plan: EntitlementPlan): Entitlement | null {
    return this.rows.get(`${operationId}/${plan}`) ?? null;
  }
}
