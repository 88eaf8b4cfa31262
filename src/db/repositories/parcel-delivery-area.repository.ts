import type { Database } from '../knex';
import { groupBy, saveVersion, sourceColumns, sourceFromRow, type SaveOutcome } from './versioned-reference';
import type { DeliveryAreaListVersion, SurchargeCode } from '../../domain/parcel';

/** Delivery-area surcharge ZIP lists: per carrier and effective date, ZIP5 → surcharge tier. */
export class ParcelDeliveryAreaRepository {
  constructor(private readonly db: Database) {}

  async saveDeliveryAreaList(list: DeliveryAreaListVersion, now = Date.now()): Promise<SaveOutcome> {
    return saveVersion(
      this.db.knex,
      {
        table: 'parcel_delivery_area_lists',
        childTable: 'parcel_delivery_area_zips',
        parentColumn: 'list_id',
        header: {
          id: list.id,
          carrier: list.carrier,
          effective_from: list.effectiveFrom,
          ...sourceColumns(list.source),
        },
        children: list.zips.map((z) => ({ zip5: z.zip5, tier: z.tier })),
      },
      now,
    );
  }

  async listDeliveryAreaLists(): Promise<DeliveryAreaListVersion[]> {
    const lists = await this.db.knex('parcel_delivery_area_lists').select('*').orderBy('id');
    const zips = groupBy(
      await this.db.knex('parcel_delivery_area_zips').select('list_id', 'zip5', 'tier').orderBy(['list_id', 'zip5']),
      'list_id',
    );
    return lists.map((row) => ({
      id: row.id,
      carrier: row.carrier,
      effectiveFrom: row.effective_from,
      source: sourceFromRow(row),
      zips: (zips.get(row.id) ?? []).map((z) => ({ zip5: z.zip5, tier: z.tier as SurchargeCode })),
    }));
  }
}
