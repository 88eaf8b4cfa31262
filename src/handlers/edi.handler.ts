import type { components, operations } from '../generated/api';
import type { OperationHandler } from '../http/operation';
import { toApiEdiInterchange, toApiEdiPartner } from './outputs/edi.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';
import type {
  EdiIntakeService,
  EdiPartnerInput,
  EdiPartnerService,
  EdiSendRequest,
  EdiSendService,
  EdiStandard,
} from '../domain/edi';

type EdiOperation =
  | 'listEdiPartners'
  | 'createEdiPartner'
  | 'getEdiPartner'
  | 'updateEdiPartner'
  | 'deleteEdiPartner'
  | 'sendEdiDocument'
  | 'listEdiInterchanges'
  | 'receiveEdiInterchange'
  | 'getEdiInterchange';

const partnersPath = '/api/edi/partners';
const interchangesPath = '/api/edi/interchanges';

/** The standard the body's declared type names (the validator admits only these two). */
const standardOf = (contentType: string | undefined): EdiStandard =>
  contentType?.toLowerCase().startsWith('application/edifact') ? 'edifact' : 'x12';

const sendRequest = (body: components['schemas']['EdiSendRequest']): EdiSendRequest =>
  'shipment_id' in body
    ? { document: body.document, shipmentId: body.shipment_id }
    : { document: 'invoice', invoiceId: body.invoice_id };

const epochOrUndefined = (time: string | undefined) => (time === undefined ? undefined : Date.parse(time));

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
  autoSend: body.auto_send,
});

/** EDI trading partners, interchanges and sending on the site host; a key sees its own account's, in its own mode. */
export function ediHandlers(
  partners: EdiPartnerService,
  intake: EdiIntakeService,
  sending: EdiSendService,
): { [K in EdiOperation]: OperationHandler<operations[K]> } {
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
    sendEdiDocument: async ({ params, body, call }) => {
      const interchange = await sending.send(accountScopeOf(call), params.partner_id, sendRequest(body));
      return {
        status: 201,
        headers: { Location: `${interchangesPath}/${interchange.id}` },
        body: toApiEdiInterchange({ ...interchange, raw: null }),
      };
    },
    listEdiInterchanges: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await intake.list(
        accountScopeOf(call),
        {
          partnerId: query.partner_id,
          direction: query.direction,
          documentType: query.document_type,
          status: query.status,
          createdAfter: epochOrUndefined(query.created_after),
          createdBefore: epochOrUndefined(query.created_before),
        },
        limit,
        query.cursor ?? null,
      );
      return {
        status: 200,
        ...listResponse(page, toApiEdiInterchange, interchangesPath, {
          limit,
          partner_id: query.partner_id,
          direction: query.direction,
          document_type: query.document_type,
          status: query.status,
          created_after: query.created_after,
          created_before: query.created_before,
        }),
      };
    },
    receiveEdiInterchange: async ({ body, call }) => {
      const interchange = await intake.receive(accountScopeOf(call), standardOf(call.header('content-type')), body);
      return {
        status: 201,
        headers: { Location: `${interchangesPath}/${interchange.id}` },
        body: toApiEdiInterchange({ ...interchange, raw: null }),
      };
    },
    getEdiInterchange: async ({ params, query, call }) => ({
      status: 200,
      body: toApiEdiInterchange(
        await intake.get(accountScopeOf(call), params.interchange_id, query.expand?.includes('raw') ?? false),
      ),
    }),
  };
}
