import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { toBool, toNumber } from '../row-values';
import { isUniqueViolation } from '../unique-violation';
import type {
  EdiAutoSendDocument,
  EdiPartner,
  EdiPartnerStore,
  EdiStandard,
  InterchangeAddress,
  SendingControls,
} from '../../domain/edi';
import type { Page } from '../../domain/shared';

function toPartner(row: Record<string, unknown>): EdiPartner {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    name: String(row.name),
    standard: String(row.standard) as EdiPartner['standard'],
    version: String(row.version),
    theirs: { qualifier: String(row.their_qualifier), id: String(row.their_interchange_id) },
    ours: { qualifier: String(row.our_qualifier), id: String(row.our_interchange_id) },
    theirApplicationCode: (row.their_application_code as string | null) ?? null,
    ourApplicationCode: (row.our_application_code as string | null) ?? null,
    usageIndicator: String(row.usage_indicator) as EdiPartner['usageIndicator'],
    inbound: readJsonColumn(row.inbound_documents),
    outbound: readJsonColumn(row.outbound_documents),
    acknowledgements: readJsonColumn(row.acknowledgements),
    autoSend: readJsonColumn(row.auto_send),
    controlNumbers: {
      interchange: toNumber(row.last_interchange_number),
      group: toNumber(row.last_group_number),
      transactionSet: toNumber(row.last_set_number),
    },
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

/** The row of the partner's own fields; the control-number counters are written only by sending. */
const toRow = (partner: EdiPartner) => ({
  id: partner.id,
  account_id: partner.accountId,
  livemode: partner.livemode,
  name: partner.name,
  standard: partner.standard,
  version: partner.version,
  their_qualifier: partner.theirs.qualifier,
  their_interchange_id: partner.theirs.id,
  our_qualifier: partner.ours.qualifier,
  our_interchange_id: partner.ours.id,
  their_application_code: partner.theirApplicationCode,
  our_application_code: partner.ourApplicationCode,
  usage_indicator: partner.usageIndicator,
  inbound_documents: JSON.stringify(partner.inbound),
  outbound_documents: JSON.stringify(partner.outbound),
  acknowledgements: JSON.stringify(partner.acknowledgements),
  auto_send: JSON.stringify(partner.autoSend),
  updated_at: partner.updatedAt,
});

export class EdiPartnerRepository implements EdiPartnerStore {
  constructor(private readonly knex: Knex) {}

  async autoSending(accountId: string, livemode: boolean, document: EdiAutoSendDocument): Promise<EdiPartner[]> {
    const rows = await this.knex('edi_partners').where({ account_id: accountId, livemode }).orderBy('id');
    return rows.map(toPartner).filter((partner) => partner.autoSend.includes(document));
  }

  async find(accountId: string, livemode: boolean, id: string): Promise<EdiPartner | null> {
    const row = await this.knex('edi_partners').where({ id, account_id: accountId, livemode }).first();
    return row ? toPartner(row) : null;
  }

  page(accountId: string, livemode: boolean, limit: number, cursor: string | null): Promise<Page<EdiPartner>> {
    const query = this.knex('edi_partners').where({ account_id: accountId, livemode });
    return newestFirstPage(query, cursor ?? undefined, limit, toPartner, (p) => p.createdAt);
  }

  async insert(partner: EdiPartner): Promise<boolean> {
    try {
      await this.knex('edi_partners').insert({
        ...toRow(partner),
        last_interchange_number: partner.controlNumbers.interchange,
        last_group_number: partner.controlNumbers.group,
        last_set_number: partner.controlNumbers.transactionSet,
        created_at: partner.createdAt,
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async update(partner: EdiPartner, expectedUpdatedAt: number): Promise<'updated' | 'stale' | 'taken'> {
    try {
      const changed = await this.knex('edi_partners')
        .where({ id: partner.id, updated_at: expectedUpdatedAt })
        .update(toRow(partner));
      return changed === 0 ? 'stale' : 'updated';
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  async remove(accountId: string, livemode: boolean, id: string): Promise<boolean> {
    return (await this.knex('edi_partners').where({ id, account_id: accountId, livemode }).delete()) > 0;
  }

  async findByAddress(
    accountId: string,
    livemode: boolean,
    standard: EdiStandard,
    theirs: InterchangeAddress,
  ): Promise<EdiPartner | null> {
    const row = await this.knex('edi_partners')
      .where({
        account_id: accountId,
        livemode,
        standard,
        their_qualifier: theirs.qualifier,
        their_interchange_id: theirs.id,
      })
      .first();
    return row ? toPartner(row) : null;
  }
}

/**
 * Takes the partner's next interchange and group numbers and `sets` transaction set numbers inside
 * the caller's transaction: the UPDATE locks the partner's row until it commits, so a concurrent
 * sender waits and takes the numbers after, and a rollback gives them back.
 */
export async function takeControls(trx: Knex.Transaction, partnerId: string, sets: number): Promise<SendingControls> {
  await trx('edi_partners')
    .where({ id: partnerId })
    .update({
      last_interchange_number: trx.raw('last_interchange_number + 1'),
      last_group_number: trx.raw('last_group_number + 1'),
      last_set_number: trx.raw('last_set_number + ?', [sets]),
    });
  const row = await trx('edi_partners')
    .where({ id: partnerId })
    .first('last_interchange_number', 'last_group_number', 'last_set_number');
  return {
    interchange: toNumber(row.last_interchange_number),
    group: toNumber(row.last_group_number),
    firstSet: toNumber(row.last_set_number) - sets + 1,
  };
}
