import type { components } from '../../generated/api';
import { isoTime } from './time';
import type { EdiInterchange, EdiIssue, EdiPartner } from '../../domain/edi';

type Schemas = components['schemas'];

export function toApiEdiPartner(partner: EdiPartner): Schemas['EdiPartner'] {
  return {
    id: partner.id,
    object: 'edi_partner',
    livemode: partner.livemode,
    name: partner.name,
    standard: partner.standard,
    version: partner.version as Schemas['EdiVersion'],
    their_interchange_id: partner.theirs,
    our_interchange_id: partner.ours,
    their_application_code: partner.theirApplicationCode,
    our_application_code: partner.ourApplicationCode,
    usage_indicator: partner.usageIndicator,
    inbound_documents: partner.inbound,
    outbound_documents: partner.outbound,
    acknowledgements: partner.acknowledgements,
    auto_send: partner.autoSend,
    control_numbers: {
      interchange: partner.controlNumbers.interchange,
      group: partner.controlNumbers.group,
      transaction_set: partner.controlNumbers.transactionSet,
    },
    created_at: isoTime(partner.createdAt),
    updated_at: isoTime(partner.updatedAt),
  };
}

const toApiFault = (issue: EdiIssue): Schemas['EdiFault'] => ({
  position: issue.position,
  segment: issue.segment,
  element: issue.element ?? null,
  rule: issue.rule,
  message: issue.message,
});

/** An interchange; its text only when it was read with it (`expand=raw`). */
export function toApiEdiInterchange(interchange: EdiInterchange): Schemas['EdiInterchange'] {
  return {
    id: interchange.id,
    object: 'edi_interchange',
    livemode: interchange.livemode,
    partner_id: interchange.partnerId,
    direction: interchange.direction,
    standard: interchange.standard,
    control_number: interchange.controlNumber,
    document_types: interchange.documentTypes,
    status: interchange.status,
    sets: interchange.sets.map((set) => ({
      control_number: set.controlNumber,
      document_type: set.documentType,
      status: set.status,
      errors: set.errors.map(toApiFault),
      records: set.records,
    })),
    errors: interchange.errors.map(toApiFault),
    acknowledgement: interchange.acknowledgement
      ? { interchange_id: interchange.acknowledgement.interchangeId, raw: interchange.acknowledgement.raw }
      : null,
    in_reply_to: interchange.inReplyTo,
    ...(interchange.raw !== null ? { raw: interchange.raw } : {}),
    created_at: isoTime(interchange.createdAt),
  };
}
