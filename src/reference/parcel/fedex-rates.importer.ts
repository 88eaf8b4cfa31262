import { ImportFormatError, matchingFiles, readCsv, requireValue, type ParcelImporter } from './importer';
import { decimalToCents, type IncludedCharge, type RateCardVersion } from '../../domain/parcel';

const fedexServiceCodes: Record<string, string> = {
  FIRST_OVERNIGHT: 'fedex_first_overnight',
  PRIORITY_OVERNIGHT: 'fedex_priority_overnight',
  STANDARD_OVERNIGHT: 'fedex_standard_overnight',
  FEDEX_2_DAY_AM: 'fedex_2_day_am',
  FEDEX_2_DAY: 'fedex_2_day',
  FEDEX_EXPRESS_SAVER: 'fedex_express_saver',
  FEDEX_GROUND: 'fedex_ground',
};

/**
 * Accumulates price rows into card versions keyed by service, rate type, region and date.
 */
class CardCollector {
  private readonly cards = new Map<string, RateCardVersion>();

  add(
    file: string,
    header: Omit<RateCardVersion, 'id' | 'prices' | 'carrier'>,
    zone: string,
    weightLb: number,
    priceUsd: string,
  ): void {
    const id = `fedex.${header.service}.${header.rateType}.${header.region}.${header.effectiveFrom}`;
    let card = this.cards.get(id);
    if (!card) this.cards.set(id, (card = { ...header, id, carrier: 'fedex', prices: [] }));
    if (!(weightLb > 0)) throw new ImportFormatError(file, `bad weight ${weightLb}`);
    card.prices.push({ zone, weight: weightLb, weightUnit: 'lb', cents: decimalToCents(priceUsd) });
  }

  all(): RateCardVersion[] {
    return [...this.cards.values()];
  }
}

/**
 * Format "FedEx list rates, derived" (PROVENANCE.md): one price per line,
 *   carrier,service,region,zone,weight_lb,list_rate_usd,src_line
 * parsed from the OCR of the FedEx Service Guide effective 2025-01-06 (updated 2025-07-14). The
 * cards close on 2026-01-05, the date FedEx's 2026 rates took effect (the start of the 2026 ground
 * table below), so a 2026 ship date is never priced at 2025 list. Known gap kept as is: zone 5 below
 * 51 lb for 2Day A.M., 2Day and Express Saver, and the zone 5 50 lb overnight row.
 */
export const fedexListRatesImporter: ParcelImporter = {
  name: 'fedex-list-rates',
  files: (dataDir) => matchingFiles(dataDir, 'parcel', /^fedex_2025_list_rates_us48\.csv$/),
  read(files, dataDir) {
    const cards = new CardCollector();
    for (const file of files) {
      for (const row of readCsv(dataDir, file, [
        'carrier',
        'service',
        'region',
        'zone',
        'weight_lb',
        'list_rate_usd',
      ])) {
        const service = requireValue(file, fedexServiceCodes, row.service, 'service');
        cards.add(
          file,
          {
            service,
            rateType: 'list',
            region: row.region,
            effectiveFrom: '2025-01-06',
            effectiveTo: '2026-01-05',
            includes: [],
            source: {
              title: 'FedEx Service Guide 2025 list rates',
              reference:
                'FedEx Service Guide effective 2025-01-06, OCR in TalentP27/AiAgents@2038ee4e WorkflowAgents/FreightAgent/Markdown/fedex_document.md',
              file,
            },
          },
          row.zone,
          Number(row.weight_lb),
          row.list_rate_usd,
        );
      }
    }
    return { rateCards: cards.all() };
  },
};

const retailServices: Record<string, { service: string; region: string }> = {
  'FedEx First Overnight': { service: 'fedex_first_overnight', region: 'US' },
  'FedEx Priority Overnight': { service: 'fedex_priority_overnight', region: 'US' },
  'FedEx Standard Overnight': { service: 'fedex_standard_overnight', region: 'US' },
  'FedEx 2Day A.M.': { service: 'fedex_2_day_am', region: 'US' },
  'FedEx 2Day': { service: 'fedex_2_day', region: 'US' },
  'FedEx Express Saver': { service: 'fedex_express_saver', region: 'US' },
  'FedEx Ground/Home Delivery': { service: 'fedex_ground', region: 'US48' },
  'FedEx Ground/Home Delivery To Alaska': { service: 'fedex_ground', region: 'AK_HI' },
  'FedEx Ground/Home Delivery Intra-Alaska': { service: 'fedex_ground', region: 'AK_HI' },
  'FedEx Ground/Home Delivery Alaska to US': { service: 'fedex_ground', region: 'AK_HI' },
  'FedEx Ground/Home Delivery To Hawaii': { service: 'fedex_ground', region: 'AK_HI' },
  'FedEx Ground/Home Delivery Intra-Oahu': { service: 'fedex_ground', region: 'AK_HI' },
  'FedEx Ground/Home Delivery From Hawaii': { service: 'fedex_ground', region: 'AK_HI' },
};

/** "9-10" → 9 and 10: the retail grid prints AK/HI express zones as bands of one price. */
function expandZones(zone: string): string[] {
  const band = /^(\d+)-(\d+)$/.exec(zone);
  if (!band) return [zone];
  const zones: string[] = [];
  for (let z = Number(band[1]); z <= Number(band[2]); z++) zones.push(String(z));
  return zones;
}

/**
 * Format "FedEx retail rates, derived" (PROVENANCE.md) from FedEx_Retail_Rates_2026.xlsx:
 *   carrier,rate_type,service,zone,weight_lb,rate_usd
 * rate_type carries the effective date: `retail_2026-02-02` (Express, zones 2–8 plus AK/HI bands) and
 * `retail_2026-01-05_all_inclusive` (Ground/Home Delivery, whose footnote says the price includes the
 * residential charge, delivery area surcharge and fuel). Envelope rows are not parcels and are skipped.
 */
export const fedexRetailRatesImporter: ParcelImporter = {
  name: 'fedex-retail-rates',
  files: (dataDir) => matchingFiles(dataDir, 'parcel', /^fedex_\d{4}_retail_rates\.csv$/),
  read(files, dataDir) {
    const cards = new CardCollector();
    for (const file of files) {
      for (const row of readCsv(dataDir, file, ['carrier', 'rate_type', 'service', 'zone', 'weight_lb', 'rate_usd'])) {
        if (row.weight_lb === 'envelope') continue;
        const kind = /^retail_(\d{4}-\d{2}-\d{2})(_all_inclusive)?$/.exec(row.rate_type);
        if (!kind) throw new ImportFormatError(file, `unknown rate_type "${row.rate_type}"`);
        const target = retailServices[row.service];
        if (!target) throw new ImportFormatError(file, `unknown service "${row.service}"`);
        const includes: IncludedCharge[] = kind[2] ? ['residential', 'delivery_area', 'fuel'] : [];
        for (const zone of expandZones(row.zone)) {
          cards.add(
            file,
            {
              service: target.service,
              rateType: 'retail',
              region: target.region,
              effectiveFrom: kind[1],
              effectiveTo: null,
              includes,
              source: {
                title: `FedEx ${kind[1].slice(0, 4)} retail rates`,
                reference:
                  'FedEx_Retail_Rates_2026.xlsx in niklavsfelsbergs/SHIPPING-COSTS@f2f6ef03 carriers/fedex/temp_files/supplement',
                file,
              },
            },
            zone,
            Number(row.weight_lb),
            row.rate_usd,
          );
        }
      }
    }
    return { rateCards: cards.all() };
  },
};
