import type { Knex } from 'knex';
import { decodeCursor, isCreatedAtCursor, Page, pageOf } from '../../domain/shared/page-cursor';

export interface ShipmentRecord {
  id: string;
  accountId: string;
  reference: string | null;
  status: string;
  originLocode: string | null;
  destinationLocode: string | null;
  createdAt: number;
  updatedAt: number;
}

const toShipment = (row: Record<string, unknown>): ShipmentRecord => ({
  id: String(row.id),
  accountId: String(row.account_id),
  reference: (row.reference as string | null) ?? null,
  status: String(row.status),
  originLocode: (row.origin_locode as string | null) ?? null,
  destinationLocode: (row.destination_locode as string | null) ?? null,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export class ShipmentRepository {
  constructor(private readonly knex: Knex) {}

  async insert(shipment: ShipmentRecord): Promise<void> {
    await this.knex('shipments').insert({
      id: shipment.id,
      account_id: shipment.accountId,
      reference: shipment.reference,
      status: shipment.status,
      origin_locode: shipment.originLocode,
      destination_locode: shipment.destinationLocode,
      created_at: shipment.createdAt,
      updated_at: shipment.updatedAt,
    });
  }

  /** Whether the shipment is this account's (another account's is as good as unknown). */
  async belongsTo(accountId: string, id: string): Promise<boolean> {
    return (await this.knex('shipments').where({ id, account_id: accountId }).first('id')) !== undefined;
  }

  /** One account's shipments, newest first, keyset-paginated on (created_at, id). */
  async pageForAccount(accountId: string, limit: number, cursor?: string): Promise<Page<ShipmentRecord>> {
    const query = this.knex('shipments').where({ account_id: accountId });
    if (cursor !== undefined) {
      const after = decodeCursor(cursor, isCreatedAtCursor);
      query.andWhere((q) => q.where('created_at', '<', after.createdAt).orWhere((q2) => q2.where('created_at', after.createdAt).andWhere('id', '<', after.id)));
    }
    const rows = (await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit + 1)).map(toShipment);
    return pageOf(rows, limit, (last) => ({ createdAt: last.createdAt, id: last.id }));
  }
}
