import type { components, operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { toApiEdiPartner } from './outputs/edi.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';
import type { EdiPartnerInput, EdiPartnerService } from '../domain/edi';

type EdiOperation = 'listEdiPartners' | 'createEdiPartner' | 'getEdiPartner' | 'updateEdiPartner' | 'deleteEdiPartner';

const partnersPath = '/api/edi/partners';

const partnerInput = (body: components['schemas']['EdiPartnerFields']): EdiPartnerInput => ({
  name: body.name,
  version: body.version,
  theirs: body.their_interchange_id,
  ours: body.our_interchange_id,
  theirApplicationCode: body.their_application_code,
  ourApplicationCode: body.our_application_code,
  usageIndicator: body.usage_indicator,
  inbound: body.inbound_documents,
  outbound: body.outbound_documents,
  acknowledgements: body.acknowledgements,
});

/** EDI trading partners on the site host; a key sees its own account's, in its own mode. */
export function ediHandlers(partners: EdiPartnerService): { [K in EdiOperation]: OperationHandler<operations[K]> } {
  return {
    listEdiPartners: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await partners.list(accountScopeOf(call), limit, query.cursor ?? null);
      return { status: 200, ...listResponse(page, toApiEdiPartner, partnersPath, { limit }) };
    },
    createEdiPartner: async ({ body, call }) => {
      const partner = await partners.create(accountScopeOf(call), body.standard, partnerInput(body));
      return { status: 201, headers: { Location: `${partnersPath}/${partner.id}` }, body: toApiEdiPartner(partner) };
    },
    getEdiPartner: async ({ params, call }) => ({
      status: 200,
      body: toApiEdiPartner(await partners.get(accountScopeOf(call), params.partner_id)),
    }),
    updateEdiPartner: async ({ params, body, call }) => ({
      status: 200,
      body: toApiEdiPartner(await partners.update(accountScopeOf(call), params.partner_id, partnerInput(body))),
    }),
    deleteEdiPartner: async ({ params, call }) => {
      await partners.remove(accountScopeOf(call), params.partner_id);
      return { status: 204, body: undefined };
    },
  };
}
