import type { Database } from '../knex';
import { sourceColumns, sourceFromRow, type SaveOutcome } from './versioned-reference';
import { centsToDecimal, decimalToCents, type FuelGroup, type FuelRate } from '../../domain/parcel';

/** Weekly fuel surcharge percentages per carrier and fuel group (ground, air). */
export class ParcelFuelSurchargeRepository {
  constructor(private readonly db: Database) {}

  /** Adds new weeks; a week already stored with the same percentage is left alone, a corrected one is updated. */
  async saveFuelRates(rates: FuelRate[], now = Date.now()): Promise<Record<SaveOutcome, number>> {
    const counts: Record<SaveOutcome, number> = { inserted: 0, updated: 0, unchanged: 0 };
    await this.db.knex.transaction(async (trx) => {
      for (const rate of rates) {
        const key = { carrier: rate.carrier, fuel_group: rate.fuelGroup, week_start: rate.weekStart };
        const existing = await trx('parcel_fuel_surcharges').where(key).first('percent');
        const percent = centsToDecimal(decimalToCents(rate.percent));
        if (existing && centsToDecimal(decimalToCents(existing.percent)) === percent) {
          counts.unchanged++;
          continue;
        }
        const row = { ...key, percent, ...sourceColumns(rate.source), imported_at: now };
        if (existing) await trx('parcel_fuel_surcharges').where(key).update(row);
        else await trx('parcel_fuel_surcharges').insert(row);
        counts[existing ? 'updated' : 'inserted']++;
      }
    });
    return counts;
  }

  async listFuelRates(): Promise<FuelRate[]> {
    const rows = await this.db
      .knex('parcel_fuel_surcharges')
      .select('*')
      .orderBy(['carrier', 'fuel_group', 'week_start']);
    return rows.map((row) => ({
      carrier: row.carrier,
      fuelGroup: row.fuel_group as FuelGroup,
      weekStart: row.week_start,
      percent: centsToDecimal(decimalToCents(row.percent)),
      source: sourceFromRow(row),
    }));
  }
}
