import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { readJsonColumn } from './json-column';
import { takeControls } from './edi-partner.repository';
import { OutboxEventRepository } from './outbox-event.repository';
import { toBool, toNumber } from '../row-values';
import { isUniqueViolation } from '../unique-violation';
import type {
  EdiInterchange,
  EdiInterchangeFilter,
  EdiInterchangeStore,
  OutboundControls,
  SendingControls,
} from '../../domain/edi';
import type { OutboxEvent, Page } from '../../domain/shared';

/** Every column but the raw text, which only a single read with `raw` asked for loads. */
const summaryColumns = [
  'id',
  'account_id',
  'livemode',
  'partner_id',
  'direction',
  'standard',
  'control_number',
  'document_types',
  'status',
  'sets',
  'errors',
  'acknowledgement_id',
  'in_reply_to',
  'created_at',
  'group_control_number',
];

function toInterchange(row: Record<string, unknown>): EdiInterchange {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    partnerId: String(row.partner_id),
    direction: String(row.direction) as EdiInterchange['direction'],
    standard: String(row.standard) as EdiInterchange['standard'],
    controlNumber: String(row.control_number),
    groupControlNumber: (row.group_control_number as string | null) ?? null,
    documentTypes: readJsonColumn(row.document_types),
    status: String(row.status) as EdiInterchange['status'],
    sets: readJsonColumn(row.sets),
    errors: readJsonColumn(row.errors),
    raw: (row.raw as string | undefined) ?? null,
    // The text is filled in by withAcknowledgements.
    acknowledgement: row.acknowledgement_id ? { interchangeId: String(row.acknowledgement_id), raw: '' } : null,
    inReplyTo: (row.in_reply_to as string | null) ?? null,
    createdAt: toNumber(row.created_at),
  };
}

const toRow = (interchange: EdiInterchange, controlKey: string | null) => ({
  id: interchange.id,
  account_id: interchange.accountId,
  livemode: interchange.livemode,
  partner_id: interchange.partnerId,
  direction: interchange.direction,
  standard: interchange.standard,
  control_number: interchange.controlNumber,
  control_key: controlKey,
  group_control_number: interchange.groupControlNumber,
  document_types: JSON.stringify(interchange.documentTypes),
  status: interchange.status,
  sets: JSON.stringify(interchange.sets),
  errors: JSON.stringify(interchange.errors),
  raw: interchange.raw ?? '',
  acknowledgement_id: interchange.acknowledgement?.interchangeId ?? null,
  in_reply_to: interchange.inReplyTo,
  created_at: interchange.createdAt,
});

export class EdiInterchangeRepository implements EdiInterchangeStore {
  constructor(private readonly knex: Knex) {}

  async insert(interchange: EdiInterchange, controlKey: string | null, events: OutboxEvent[]): Promise<boolean> {
    try {
      await this.knex.transaction(async (trx) => {
        await trx('edi_interchanges').insert(toRow(interchange, controlKey));
        await new OutboxEventRepository(trx).append(events, trx);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async findByControlKey(
    partnerId: string,
    direction: 'inbound' | 'outbound',
    controlKey: string,
  ): Promise<string | null> {
    const row = await this.knex('edi_interchanges')
      .where({ partner_id: partnerId, direction, control_key: controlKey })
      .first('id');
    return row ? String(row.id) : null;
  }

  async finish(
    interchange: EdiInterchange,
    controlKey: string | null,
    acknowledge: ((controls: OutboundControls) => EdiInterchange) | null,
    events: () => OutboxEvent[],
  ): Promise<void> {
    await this.knex.transaction(async (trx) => {
      if (acknowledge) {
        const acknowledgement = acknowledge(await takeControls(trx, interchange.partnerId, 0));
        await trx('edi_interchanges').insert(toRow(acknowledgement, acknowledgement.controlNumber));
      }
      const { status, sets, errors, acknowledgement_id, control_key } = toRow(interchange, controlKey);
      await trx('edi_interchanges')
        .where({ id: interchange.id })
        .update({ status, sets, errors, acknowledgement_id, control_key });
      await new OutboxEventRepository(trx).append(events(), trx);
    });
  }

  async insertOutbound(
    partnerId: string,
    sets: number,
    compose: (controls: SendingControls) => { interchange: EdiInterchange; events: OutboxEvent[] },
    sourceEventId: string | null = null,
  ): Promise<EdiInterchange | null> {
    try {
      return await this.knex.transaction(async (trx) => {
        const { interchange, events } = compose(await takeControls(trx, partnerId, sets));
        await trx('edi_interchanges').insert({
          ...toRow(interchange, interchange.controlNumber),
          source_event_id: sourceEventId,
        });
        await new OutboxEventRepository(trx).append(events, trx);
        return interchange;
      });
    } catch (error) {
      // The counters are ours under the partner row's lock, so only the source event can repeat.
      if (sourceEventId !== null && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async findSent(
    partnerId: string,
    reference: { interchange: string } | { group: string },
  ): Promise<EdiInterchange | null> {
    const row = await this.knex('edi_interchanges')
      .where({ partner_id: partnerId, direction: 'outbound' })
      .andWhere(
        'interchange' in reference ? { control_key: reference.interchange } : { group_control_number: reference.group },
      )
      .whereNull('in_reply_to')
      .first([...summaryColumns, 'raw']);
    return row ? toInterchange(row) : null;
  }

  async recordAcknowledgement(interchange: EdiInterchange, events: OutboxEvent[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const { status, sets, errors, acknowledgement_id } = toRow(interchange, null);
      await trx('edi_interchanges').where({ id: interchange.id }).update({ status, sets, errors, acknowledgement_id });
      await new OutboxEventRepository(trx).append(events, trx);
    });
  }

  async awaitingSince(cutoff: number, limit: number): Promise<EdiInterchange[]> {
    const rows = await this.knex('edi_interchanges')
      .where({ status: 'awaiting_ack' })
      .andWhere('created_at', '<', cutoff)
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)
      .select(summaryColumns);
    return rows.map(toInterchange);
  }

  async markOverdue(interchange: EdiInterchange, events: OutboxEvent[]): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      // Only while still awaiting: an acknowledgement that came meanwhile wins.
      const changed = await trx('edi_interchanges')
        .where({ id: interchange.id, status: 'awaiting_ack' })
        .update({ status: 'ack_overdue' });
      if (changed === 0) return false;
      await new OutboxEventRepository(trx).append(events, trx);
      return true;
    });
  }

  async find(accountId: string, livemode: boolean, id: string, withRaw: boolean): Promise<EdiInterchange | null> {
    const row = await this.knex('edi_interchanges')
      .where({ id, account_id: accountId, livemode })
      .first([...summaryColumns, ...(withRaw ? ['raw'] : [])]);
    return row ? (await this.withAcknowledgements([toInterchange(row)]))[0] : null;
  }

  async page(
    accountId: string,
    livemode: boolean,
    filter: EdiInterchangeFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<EdiInterchange>> {
    const query = this.knex('edi_interchanges').where({ account_id: accountId, livemode }).select(summaryColumns);
    if (filter.partnerId) query.andWhere('partner_id', filter.partnerId);
    if (filter.direction) query.andWhere('direction', filter.direction);
    if (filter.status) query.andWhere('status', filter.status);
    // The types are a short JSON array of quoted codes: a quoted code matches only itself.
    if (filter.documentType) query.andWhere('document_types', 'like', `%"${filter.documentType}"%`);
    if (filter.createdAfter !== undefined) query.andWhere('created_at', '>=', filter.createdAfter);
    if (filter.createdBefore !== undefined) query.andWhere('created_at', '<', filter.createdBefore);
    const page = await newestFirstPage(query, cursor ?? undefined, limit, toInterchange, (i) => i.createdAt);
    return { ...page, data: await this.withAcknowledgements(page.data) };
  }

  /** The acknowledgements' texts (small: a TA1, a 997, a CONTRL), read in one query for a page. */
  private async withAcknowledgements(interchanges: EdiInterchange[]): Promise<EdiInterchange[]> {
    const ids = interchanges.flatMap((i) => (i.acknowledgement ? [i.acknowledgement.interchangeId] : []));
    if (ids.length === 0) return interchanges;
    const rows = await this.knex('edi_interchanges').whereIn('id', ids).select('id', 'raw');
    const raws = new Map(rows.map((r) => [String(r.id), String(r.raw)]));
    return interchanges.map((i) =>
      i.acknowledgement
        ? { ...i, acknowledgement: { ...i.acknowledgement, raw: raws.get(i.acknowledgement.interchangeId) ?? '' } }
        : i,
    );
  }
}
