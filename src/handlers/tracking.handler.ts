import type { operations } from '../generated/api';
import type { TrackingAccountServices } from './services';
import type { CallContext, OperationHandler } from '../http/operation';
import { listResponse } from './outputs/list';
import { toApiCreditBalance, toApiCreditTransaction, toApiTrackingSubscription } from './outputs/tracking.output';
import type { AccountService } from '../domain/access';
import { DomainError, type PlanName } from '../domain/shared';
import { creditPlanFor } from '../domain/tracking';

type TrackingOperation =
  | 'createTrackingSubscription'
  | 'listTrackingSubscriptions'
  | 'getTrackingSubscription'
  | 'stopTrackingSubscription'
  | 'getTrackedContainer'
  | 'getTrackingCreditBalance'
  | 'listTrackingCreditTransactions';

/** The key's account, plan and mode: test keys see and make test-mode (sandbox) subscriptions only. */
function keyHolder(call: CallContext): { accountId: string; plan: PlanName; livemode: boolean } {
  const caller = call.caller;
  if (caller.kind !== 'account') throw new DomainError('unauthenticated', 'Send your API key in the X-API-Key header.');
  return { accountId: caller.accountId, plan: caller.plan, livemode: caller.mode === 'live' };
}

const subscriptionsPath = '/api/tracking/subscriptions';

/** Container tracking on the main host; every answer comes from the database, never from a carrier. */
export function trackingHandlers(tracking: TrackingAccountServices): {
  [K in TrackingOperation]: OperationHandler<operations[K]>;
} {
  const { subscriptions, credits } = tracking;
  return {
    createTrackingSubscription: async ({ body, call }) => {
      const { accountId, plan, livemode } = keyHolder(call);
      const created = await subscriptions.create({
        accountId,
        livemode,
        referenceType: body.reference_type,
        reference: body.reference,
        carrierScac: body.carrier_scac ?? null,
        plan,
        shipmentId: body.shipment_id ?? null,
      });
      return {
        status: 201,
        headers: { Location: `${subscriptionsPath}/${created.id}` },
        body: toApiTrackingSubscription(created),
      };
    },

    listTrackingSubscriptions: async ({ query, call }) => {
      const { accountId, livemode } = keyHolder(call);
      const limit = query.limit ?? 20;
      const page = await subscriptions.list(accountId, livemode, {
        limit,
        cursor: query.cursor ?? null,
        status: query.status ?? null,
      });
      return {
        status: 200,
        ...listResponse(page, toApiTrackingSubscription, subscriptionsPath, { limit, status: query.status }),
      };
    },

    getTrackingSubscription: async ({ params, call }) => {
      const { accountId, livemode } = keyHolder(call);
      return {
        status: 200,
        body: toApiTrackingSubscription(await subscriptions.get(accountId, livemode, params.subscription_id)),
      };
    },

    stopTrackingSubscription: async ({ params, call }) => {
      const { accountId, livemode } = keyHolder(call);
      return {
        status: 200,
        body: toApiTrackingSubscription(await subscriptions.stop(accountId, livemode, params.subscription_id)),
      };
    },

    getTrackedContainer: async ({ params, call }) => {
      const { accountId, livemode } = keyHolder(call);
      return { status: 200, body: await subscriptions.getContainer(accountId, livemode, params.container) };
    },

    getTrackingCreditBalance: async ({ call }) => {
      const { accountId, plan, livemode } = keyHolder(call);
      return {
        status: 200,
        body: toApiCreditBalance(await credits.summary(accountId, creditPlanFor(plan), livemode), plan),
      };
    },

    listTrackingCreditTransactions: async ({ query, call }) => {
      // One ledger per account: test keys spend from it too, on references other than the sample containers.
      const { accountId } = keyHolder(call);
      const limit = query.limit ?? 20;
      const page = await credits.transactions(accountId, { limit, cursor: query.cursor ?? null });
      return {
        status: 200,
        ...listResponse(page, toApiCreditTransaction, '/api/tracking/credit-transactions', { limit }),
      };
    },
  };
}

/** The admin path (site host, admin token): credits granted with the reason and the operator. */
export function trackingAdminHandlers(
  tracking: TrackingAccountServices,
  accounts: AccountService,
): { grantTrackingCredits: OperationHandler<operations['grantTrackingCredits']> } {
  return {
    grantTrackingCredits: async ({ body, call }) => {
      const account = await accounts.accountByEmail(body.email);
      const entry = await tracking.credits.grant(account.id, body.credits, body.reason, `admin-api@${call.clientIp}`);
      return { status: 201, body: toApiCreditTransaction(entry) };
    },
  };
}
