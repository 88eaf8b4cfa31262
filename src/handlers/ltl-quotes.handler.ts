import type { operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { toApiLtlQuoteRequest } from './outputs/ltl-quote.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';
import type { LtlQuoteService } from '../domain/ltl';

type LtlOperation =
  'listLtlQuoteRequests' | 'createLtlQuoteRequest' | 'getLtlQuoteRequest' | 'acceptLtlQuote' | 'quoteLtlQuoteRequest';

const requestsPath = '/api/ltl-quote-requests';

export function ltlQuoteHandlers(ltl: LtlQuoteService): { [K in LtlOperation]: OperationHandler<operations[K]> } {
  return {
    listLtlQuoteRequests: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await ltl.list(accountScopeOf(call), query.status, limit, query.cursor ?? null);
      return {
        status: 200,
        ...listResponse(page, toApiLtlQuoteRequest, requestsPath, { limit, status: query.status }),
      };
    },
    createLtlQuoteRequest: async ({ body, call }) => {
      const request = await ltl.create(accountScopeOf(call), {
        originPostalCode: body.origin.postal_code,
        destinationPostalCode: body.destination.postal_code,
        readyDate: body.ready_date,
        pallets: body.pallets.map((p) => ({
          length: p.length,
          width: p.width,
          height: p.height,
          lengthUnit: p.length_unit,
          weight: p.weight,
          weightUnit: p.weight_unit,
          quantity: p.quantity,
          freightClass: p.freight_class ?? null,
          description: p.description ?? null,
        })),
        accessorials: body.accessorials ?? [],
        reference: body.reference ?? null,
      });
      return {
        status: 201,
        headers: { Location: `${requestsPath}/${request.id}` },
        body: toApiLtlQuoteRequest(request),
      };
    },
    getLtlQuoteRequest: async ({ params, call }) => ({
      status: 200,
      body: toApiLtlQuoteRequest(await ltl.get(accountScopeOf(call), params.ltl_quote_request_id)),
    }),
    acceptLtlQuote: async ({ params, call }) => ({
      status: 200,
      body: toApiLtlQuoteRequest(await ltl.accept(accountScopeOf(call), params.ltl_quote_request_id)),
    }),
    quoteLtlQuoteRequest: async ({ params, body }) => {
      const quoted = await ltl.quote(params.ltl_quote_request_id, {
        carrierScac: body.carrier_scac,
        carrierName: body.carrier_name ?? null,
        amount: body.amount.amount,
        currency: body.amount.currency,
        transitDays: body.transit_days ?? null,
        validUntil: Date.parse(body.valid_until),
      });
      return { status: 200, body: toApiLtlQuoteRequest(quoted) };
    },
  };
}
