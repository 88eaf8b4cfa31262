import type { Database } from '../knex';
import {
  closeSupersededVersions,
  groupBy,
  saveVersion,
  sourceColumns,
  sourceFromRow,
  type SaveOutcome,
} from './versioned-reference';
import {
  type AddressType,
  centsToDecimal,
  decimalToCents,
  type ServiceGroup,
  type SurchargeCode,
  type SurchargeTableVersion,
} from '../../domain/parcel';

/** Carrier surcharge tables (residential, delivery area, handling, size), one version per carrier and effective date. */
export class ParcelSurchargeRepository {
  constructor(private readonly db: Database) {}

  async saveSurchargeTable(table: SurchargeTableVersion, now = Date.now()): Promise<SaveOutcome> {
    return saveVersion(
      this.db.knex,
      {
        table: 'parcel_surcharge_tables',
        childTable: 'parcel_surcharges',
        parentColumn: 'table_id',
        header: {
          id: table.id,
          carrier: table.carrier,
          effective_from: table.effectiveFrom,
          effective_to: table.effectiveTo,
          ...sourceColumns(table.source),
        },
        children: table.entries.map((e, position) => ({
          position,
          code: e.code,
          service_group: e.serviceGroup,
          address_type: e.addressType,
          zone_min: e.zoneMin,
          zone_max: e.zoneMax,
          amount: centsToDecimal(e.cents),
        })),
      },
      now,
    );
  }

  async closeSupersededSurchargeTables(): Promise<number> {
    return closeSupersededVersions(this.db.knex, 'parcel_surcharge_tables', ['carrier']);
  }

  async listSurchargeTables(): Promise<SurchargeTableVersion[]> {
    const tables = await this.db.knex('parcel_surcharge_tables').select('*').orderBy('id');
    const entries = groupBy(
      await this.db.knex('parcel_surcharges').select('*').orderBy(['table_id', 'position']),
      'table_id',
    );
    return tables.map((row) => ({
      id: row.id,
      carrier: row.carrier,
      effectiveFrom: row.effective_from,
      effectiveTo: row.effective_to,
      source: sourceFromRow(row),
      entries: (entries.get(row.id) ?? []).map((e) => ({
        code: e.code as SurchargeCode,
        serviceGroup: e.service_group as ServiceGroup,
        addressType: e.address_type as AddressType,
        zoneMin: e.zone_min,
        zoneMax: e.zone_max,
        cents: decimalToCents(e.amount),
      })),
    }));
  }
}
