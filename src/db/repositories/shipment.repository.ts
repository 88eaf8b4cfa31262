import type { Knex } from 'knex';
import { newestFirstPage } from './created-at-cursor';
import { toBool, toNumber } from '../row-values';
import { readJsonColumn } from './json-column';
import { OutboxEventRepository } from './outbox-event.repository';
import type { OutboxEvent, Page } from '../../domain/shared';
import {
  type CargoLine,
  noTransitions,
  type Party,
  type Shipment,
  type ShipmentFilter,
  type ShipmentMode,
  type ShipmentStatus,
  type ShipmentStore,
  type StatusTransitions,
} from '../../domain/shipments';

const json = <T>(value: unknown, fallback: T): T =>
  value === null || value === undefined ? fallback : readJsonColumn<T>(value);
const text = (value: unknown): string | null => (value as string | null) ?? null;

function toShipment(
  row: Record<string, unknown>,
  containers: Array<{ container_number: string; subscription_id: string | null }>,
): Shipment {
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    livemode: toBool(row.livemode),
    reference: text(row.reference),
    mode: text(row.mode) as ShipmentMode | null,
    status: String(row.status) as ShipmentStatus,
    shipper: json<Party | null>(row.shipper, null),
    consignee: json<Party | null>(row.consignee, null),
    originLocode: text(row.origin_locode),
    destinationLocode: text(row.destination_locode),
    incoterm: text(row.incoterm),
    carrierScac: text(row.carrier_scac),
    billOfLadingNumber: text(row.bill_of_lading_number),
    bookingNumber: text(row.booking_number),
    cargoReadyDate: text(row.cargo_ready_date),
    etd: text(row.etd),
    eta: text(row.eta),
    containers: containers.map((c) => ({ number: c.container_number, subscriptionId: c.subscription_id ?? null })),
    cargoLines: json<CargoLine[]>(row.cargo_lines, []),
    metadata: json<Record<string, string>>(row.metadata, {}),
    statusTransitions: json<StatusTransitions>(row.status_transitions, noTransitions),
    createdAt: toNumber(row.created_at),
    updatedAt: toNumber(row.updated_at),
  };
}

function toRow(shipment: Shipment) {
  return {
    id: shipment.id,
    account_id: shipment.accountId,
    livemode: shipment.livemode,
    reference: shipment.reference,
    mode: shipment.mode,
    status: shipment.status,
    shipper: shipment.shipper === null ? null : JSON.stringify(shipment.shipper),
    consignee: shipment.consignee === null ? null : JSON.stringify(shipment.consignee),
    origin_locode: shipment.originLocode,
    destination_locode: shipment.destinationLocode,
    incoterm: shipment.incoterm,
    carrier_scac: shipment.carrierScac,
    bill_of_lading_number: shipment.billOfLadingNumber,
    booking_number: shipment.bookingNumber,
    cargo_ready_date: shipment.cargoReadyDate,
    etd: shipment.etd,
    eta: shipment.eta,
    cargo_lines: JSON.stringify(shipment.cargoLines),
    metadata: JSON.stringify(shipment.metadata),
    status_transitions: JSON.stringify(shipment.statusTransitions),
    created_at: shipment.createdAt,
    updated_at: shipment.updatedAt,
  };
}

const containerRows = (shipment: Shipment) =>
  shipment.containers.map((c, position) => ({
    shipment_id: shipment.id,
    position,
    container_number: c.number,
    subscription_id: c.subscriptionId,
  }));

/** Shipments with their containers; every write commits with its outbox events. */
export class ShipmentRepository implements ShipmentStore {
  constructor(private readonly knex: Knex) {}

  /** Whether the shipment is this account's in this mode (another account's, or the other mode's, is as good as unknown). */
  async belongsTo(accountId: string, livemode: boolean, id: string): Promise<boolean> {
    return (await this.knex('shipments').where({ id, account_id: accountId, livemode }).first('id')) !== undefined;
  }

  async find(accountId: string, livemode: boolean, id: string): Promise<Shipment | null> {
    const row = await this.knex('shipments').where({ id, account_id: accountId, livemode }).first();
    if (!row) return null;
    return (await this.withContainers([row]))[0];
  }

  /** One account's shipments in one mode, newest first, keyset-paginated on (created_at, id). */
  async page(
    accountId: string,
    livemode: boolean,
    filter: ShipmentFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<Shipment>> {
    const query = this.knex('shipments').where({ account_id: accountId, livemode });
    if (filter.status !== undefined) query.andWhere('status', filter.status);
    if (filter.createdAfter !== undefined) query.andWhere('created_at', '>=', filter.createdAfter);
    if (filter.createdBefore !== undefined) query.andWhere('created_at', '<', filter.createdBefore);
    if (filter.etaAfter !== undefined) query.andWhere('eta', '>=', filter.etaAfter);
    if (filter.etaBefore !== undefined) query.andWhere('eta', '<=', filter.etaBefore);
    if (filter.reference !== undefined) query.andWhere('reference', filter.reference);
    if (filter.billOfLadingNumber !== undefined) query.andWhere('bill_of_lading_number', filter.billOfLadingNumber);
    if (filter.bookingNumber !== undefined) query.andWhere('booking_number', filter.bookingNumber);
    if (filter.containerNumber !== undefined) {
      query.whereIn(
        'id',
        this.knex('shipment_containers').select('shipment_id').where('container_number', filter.containerNumber),
      );
    }
    // Rows first, then their containers in one query for the whole page.
    const page = await newestFirstPage(
      query,
      cursor ?? undefined,
      limit,
      (row) => ({ id: String(row.id), row }),
      (r) => toNumber(r.row.created_at),
    );
    return { ...page, data: await this.withContainers(page.data.map((r) => r.row)) };
  }

  async insert(shipment: Shipment, events: OutboxEvent[]): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('shipments').insert(toRow(shipment));
      if (shipment.containers.length > 0) await trx('shipment_containers').insert(containerRows(shipment));
      await new OutboxEventRepository(trx).append(events, trx);
    });
  }

  async update(shipment: Shipment, expectedUpdatedAt: number, events: OutboxEvent[]): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      const changed = await trx('shipments')
        .where({ id: shipment.id, updated_at: expectedUpdatedAt })
        .update(toRow(shipment));
      if (changed === 0) return false;
      await trx('shipment_containers').where({ shipment_id: shipment.id }).delete();
      if (shipment.containers.length > 0) await trx('shipment_containers').insert(containerRows(shipment));
      await new OutboxEventRepository(trx).append(events, trx);
      return true;
    });
  }

  async delete(shipment: Shipment, events: OutboxEvent[]): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      // Its containers go with it (ON DELETE CASCADE).
      const deleted = await trx('shipments').where({ id: shipment.id, updated_at: shipment.updatedAt }).delete();
      if (deleted === 0) return false;
      await new OutboxEventRepository(trx).append(events, trx);
      return true;
    });
  }

  private async withContainers(rows: Array<Record<string, unknown>>): Promise<Shipment[]> {
    if (rows.length === 0) return [];
    const containers = await this.knex('shipment_containers')
      .whereIn(
        'shipment_id',
        rows.map((r) => String(r.id)),
      )
      .orderBy(['shipment_id', 'position']);
    const byShipment = new Map<string, Array<{ container_number: string; subscription_id: string | null }>>();
    for (const c of containers) byShipment.set(c.shipment_id, [...(byShipment.get(c.shipment_id) ?? []), c]);
    return rows.map((row) => toShipment(row, byShipment.get(String(row.id)) ?? []));
  }
}
