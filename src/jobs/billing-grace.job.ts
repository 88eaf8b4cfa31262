import type { Agenda } from 'agenda';
import type { BillingService } from '../domain/billing';

export const billingGraceJobName = 'billing.grace-period';

/**
 * Hourly: a Tariff Pro subscription whose renewal payment failed keeps the plan through the grace
 * period; past it, no Stripe event comes to say so, so this job moves the account back to Free.
 */
export async function defineBillingGraceJob(
  agenda: Pick<Agenda, 'define' | 'every'>,
  deps: { billing: BillingService; onDowngrades?: (count: number) => void },
) {
  agenda.define(
    billingGraceJobName,
    async () => {
      const count = await deps.billing.expireGracePeriods();
      if (count > 0) deps.onDowngrades?.(count);
    },
    { concurrency: 1, lockLimit: 1 },
  );
  await agenda.every('1 hour', billingGraceJobName);
}
