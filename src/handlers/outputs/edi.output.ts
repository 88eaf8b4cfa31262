import type { components } from '../../generated/api';
import { isoTime } from './time';
import type { EdiPartner } from '../../domain/edi';

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
    control_numbers: {
      interchange: partner.controlNumbers.interchange,
      group: partner.controlNumbers.group,
      transaction_set: partner.controlNumbers.transactionSet,
    },
    created_at: isoTime(partner.createdAt),
    updated_at: isoTime(partner.updatedAt),
  };
}
