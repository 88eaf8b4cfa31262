import type { PlanName } from './caller';

/** Whose resources an account API call reaches: an account in one mode (test keys see test-mode resources only). */
export interface AccountScope {
  accountId: string;
  livemode: boolean;
  plan: PlanName;
}
