import type { Database } from '../knex';
import {
  closeSupersededVersions,
  decimalNumber,
  groupBy,
  saveVersion,
  sourceColumns,
  sourceFromRow,
  type SaveOutcome,
} from './versioned-reference';
import {
  centsToDecimal,
  decimalToCents,
  type IncludedCharge,
  type RateCardVersion,
  type RateType,
} from '../../domain/parcel';

/** Rate cards (one row per carrier, service, rate type, region and effective date) and their zone × weight prices. */
export class ParcelRateCardRepository {
  constructor(private readonly db: Database) {}

  async saveCardVersion(card: RateCardVersion, now = Date.now()): Promise<SaveOutcome> {
    return saveVersion(
      this.db.knex,
      {
        table: 'parcel_rate_cards',
        childTable: 'parcel_rate_card_prices',
        parentColumn: 'card_id',
        header: {
          id: card.id,
          carrier: card.carrier,
          service: card.service,
          rate_type: card.rateType,
          region: card.region,
          effective_from: card.effectiveFrom,
          effective_to: card.effectiveTo,
          includes: card.includes.join(','),
          currency: 'USD',
          ...sourceColumns(card.source),
        },
        children: card.prices.map((p) => ({
          zone: p.zone,
          weight_unit: p.weightUnit,
          weight: p.weight.toFixed(3),
          price: centsToDecimal(p.cents),
        })),
      },
      now,
    );
  }

  /** Ends every card version where the next version of the same card starts. */
  async closeSupersededCardVersions(): Promise<number> {
    return closeSupersededVersions(this.db.knex, 'parcel_rate_cards', ['carrier', 'service', 'rate_type', 'region']);
  }

  async listCardVersions(): Promise<RateCardVersion[]> {
    const cards = await this.db.knex('parcel_rate_cards').select('*').orderBy('id');
    const prices = groupBy(
      await this.db.knex('parcel_rate_card_prices').select('card_id', 'zone', 'weight_unit', 'weight', 'price'),
      'card_id',
    );
    return cards.map((row) => ({
      id: row.id,
      carrier: row.carrier,
      service: row.service,
      rateType: row.rate_type as RateType,
      region: row.region,
      effectiveFrom: row.effective_from,
      effectiveTo: row.effective_to,
      includes: row.includes ? (row.includes.split(',') as IncludedCharge[]) : [],
      source: sourceFromRow(row),
      prices: (prices.get(row.id) ?? []).map((p) => ({
        zone: p.zone,
        weightUnit: p.weight_unit,
        weight: decimalNumber(p.weight),
        cents: decimalToCents(p.price),
      })),
    }));
  }
}
