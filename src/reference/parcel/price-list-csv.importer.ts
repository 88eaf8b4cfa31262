import { ImportFormatError, matchingFiles, readCsv, requireDate, requireValue, type ParcelImporter } from './importer';
import {
  type Carrier,
  decimalToCents,
  type RateCardVersion,
  type RatePrice,
  type RateType,
  type SourceRef,
} from '../../domain/parcel';

/**
 * Format "transcribed price list" (data/parcel/SOURCES-usps-ups.md): one price per line,
 *   carrier,service,price_type,effective_date,weight_unit,weight,zone,price_usd
 * weight_unit is oz or lb (USPS Ground Advantage has 4/8/12/15.999 oz tiers, Priority Mail Express a
 * 0.5 lb row). One card version per (service, price_type, effective_date). Missing cells stay missing:
 * the engine reports "no price" rather than borrowing a neighbour.
 */
interface PriceListSpec {
  name: string;
  carrier: Carrier;
  dir: string;
  pattern: RegExp;
  services: Record<string, string>;
  rateTypes: Record<string, RateType>;
  source: (file: string) => Omit<SourceRef, 'file'>;
}

function priceListImporter(spec: PriceListSpec): ParcelImporter {
  return {
    name: spec.name,
    files: (dataDir) => matchingFiles(dataDir, spec.dir, spec.pattern),
    read(files, dataDir) {
      const cards = new Map<string, RateCardVersion>();
      for (const file of files) {
        for (const row of readCsv(dataDir, file, [
          'carrier',
          'service',
          'price_type',
          'effective_date',
          'weight_unit',
          'weight',
          'zone',
          'price_usd',
        ])) {
          if (row.carrier !== spec.carrier)
            throw new ImportFormatError(file, `carrier "${row.carrier}" in a ${spec.carrier} file`);
          const service = requireValue(file, spec.services, row.service, 'service');
          const rateType = requireValue(file, spec.rateTypes, row.price_type, 'price type') as RateType;
          const effectiveFrom = requireDate(file, row.effective_date);
          const id = `${spec.carrier}.${service}.${rateType}.US.${effectiveFrom}`;
          let card = cards.get(id);
          if (!card) {
            card = {
              id,
              carrier: spec.carrier,
              service,
              rateType,
              region: 'US',
              effectiveFrom,
              effectiveTo: null,
              includes: [],
              source: { ...spec.source(file), file },
              prices: [],
            };
            cards.set(id, card);
          }
          card.prices.push(price(file, row));
        }
      }
      return { rateCards: [...cards.values()] };
    },
  };
}

function price(file: string, row: Record<string, string>): RatePrice {
  const weight = Number(row.weight);
  if (!(weight > 0) || !['oz', 'lb'].includes(row.weight_unit))
    throw new ImportFormatError(file, `bad weight "${row.weight} ${row.weight_unit}"`);
  return { zone: row.zone, weight, weightUnit: row.weight_unit as 'oz' | 'lb', cents: decimalToCents(row.price_usd) };
}

/** USPS Notice 123 retail prices, effective 2026-07-12 (date inferred; see SOURCES-usps-ups.md §1). */
export const uspsRetailPricesImporter = priceListImporter({
  name: 'usps-retail-prices',
  carrier: 'usps',
  dir: 'parcel/usps',
  pattern: /^usps_retail_\d{4}-\d{2}-\d{2}\.csv$/,
  services: {
    'USPS Ground Advantage': 'usps_ground_advantage',
    'Priority Mail': 'usps_priority_mail',
    'Priority Mail Express': 'usps_priority_mail_express',
  },
  rateTypes: { retail: 'retail' },
  source: () => ({
    title: 'USPS Notice 123 retail prices',
    reference:
      'https://pe.usps.com/text/dmm300/Notice123.htm, as scraped in Lxr-max/WebHarbor@16df088d sites/usps/source_data/pricing.json',
  }),
});

/** UPS 2026 Daily Rates (list), effective 2025-12-22 (SOURCES-usps-ups.md §2). */
export const upsDailyRatesImporter = priceListImporter({
  name: 'ups-daily-rates',
  carrier: 'ups',
  dir: 'parcel/ups',
  pattern: /^ups_daily_rates_\d{4}-\d{2}-\d{2}\.csv$/,
  services: {
    'UPS Ground': 'ups_ground',
    'UPS 3 Day Select': 'ups_3_day_select',
    'UPS 2nd Day Air': 'ups_2nd_day_air',
    'UPS Next Day Air Saver': 'ups_next_day_air_saver',
    'UPS Next Day Air': 'ups_next_day_air',
  },
  rateTypes: { daily: 'daily' },
  source: () => ({
    title: 'UPS Daily Rates',
    reference:
      'UPS 2026 Rate and Service Guide daily-rates-us-en.xlsx, as converted in jfdelascarreras/logifacts@007b6916 lib/pricing/data/ups-rates.json',
  }),
});
