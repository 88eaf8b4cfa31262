import path from 'node:path';
import { ImportFormatError, matchingFiles, readCsv, requireDate, type ParcelImporter } from './importer';
import {
  type AddressType,
  type Carrier,
  carriers,
  decimalToCents,
  type ServiceGroup,
  type SurchargeCode,
  type SurchargeEntry,
  type SurchargeTableVersion,
} from '../../domain/parcel';

/** Lines of one carrier's table, grouped by effective date into table versions. */
function tablesOf(
  carrier: Carrier,
  rows: Array<{ effectiveFrom: string; effectiveTo: string | null; entry: SurchargeEntry }>,
  source: SurchargeTableVersion['source'],
): SurchargeTableVersion[] {
  const tables = new Map<string, SurchargeTableVersion>();
  for (const row of rows) {
    const id = `${carrier}.surcharges.${row.effectiveFrom}`;
    let table = tables.get(id);
    if (!table)
      tables.set(
        id,
        (table = { id, carrier, effectiveFrom: row.effectiveFrom, effectiveTo: row.effectiveTo, source, entries: [] }),
      );
    table.entries.push(row.entry);
  }
  return [...tables.values()];
}

const zoneBound = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * Format "UPS accessorials" (SOURCES-usps-ups.md §3), a hand transcription of the UPS Rate and Service
 * Guide's value-added services and other charges:
 *   carrier,charge,applies_to,zone_min,zone_max,price_usd,effective_date,notes
 * zone_max 99 means "zone 7 and above". Address correction and declared value are not part of a
 * parcel quote and are not imported; trigger rules (which parcels pay what) live in the UPS rating rules.
 */
export const upsAccessorialsImporter: ParcelImporter = {
  name: 'ups-accessorials',
  files: (dataDir) => matchingFiles(dataDir, 'parcel/ups', /^ups_accessorials_\d{4}-\d{2}-\d{2}\.csv$/),
  read(files, dataDir) {
    const surchargeTables = files.flatMap((file) => {
      const rows = readCsv(dataDir, file, [
        'carrier',
        'charge',
        'applies_to',
        'zone_min',
        'zone_max',
        'price_usd',
        'effective_date',
      ]).flatMap((row) => {
        const entry = upsEntry(file, row.charge, row.applies_to);
        if (!entry) return [];
        return [
          {
            effectiveFrom: requireDate(file, row.effective_date),
            effectiveTo: null,
            entry: {
              ...entry,
              zoneMin: zoneBound(row.zone_min),
              zoneMax: zoneBound(row.zone_max),
              cents: decimalToCents(row.price_usd),
            },
          },
        ];
      });
      return tablesOf('ups', rows, {
        title: 'UPS accessorial charges',
        reference:
          'UPS 2026 Rate and Service Guide, value-added services and other charges, as transcribed in jfdelascarreras/logifacts@e461df28 lib/pricing/data/accessorials.json',
        file,
      });
    });
    return { surchargeTables };
  },
};

type EntryKey = Pick<SurchargeEntry, 'code' | 'serviceGroup' | 'addressType'>;

function upsEntry(file: string, charge: string, appliesTo: string): EntryKey | null {
  switch (charge) {
    case 'Residential Surcharge':
      return { code: 'residential', serviceGroup: appliesTo.startsWith('Air') ? 'air' : 'ground', addressType: 'any' };
    case 'Delivery Area Surcharge': {
      const m = /^(Ground|Air) (Commercial|Residential)( Extended)?$/.exec(appliesTo);
      if (!m) throw new ImportFormatError(file, `unknown delivery area surcharge "${appliesTo}"`);
      return {
        code: m[3] ? 'delivery_area_extended' : 'delivery_area',
        serviceGroup: m[1].toLowerCase() as ServiceGroup,
        addressType: m[2].toLowerCase() as AddressType,
      };
    }
    case 'Remote Area Surcharge': {
      const code = (
        {
          Alaska: 'remote_area_alaska',
          Hawaii: 'remote_area_hawaii',
          'Contiguous US (US48)': 'remote_area_us48',
        } as Record<string, SurchargeCode>
      )[appliesTo];
      if (!code) throw new ImportFormatError(file, `unknown remote area "${appliesTo}"`);
      return { code, serviceGroup: 'all', addressType: 'any' };
    }
    case 'Large Package Surcharge':
      return { code: 'large_package', serviceGroup: 'all', addressType: appliesTo.toLowerCase() as AddressType };
    case 'Additional Handling': {
      const code: SurchargeCode = appliesTo.startsWith('Weight')
        ? 'additional_handling_weight'
        : appliesTo.startsWith('Dimensions')
          ? 'additional_handling_dimensions'
          : 'additional_handling_packaging';
      return { code, serviceGroup: 'all', addressType: 'any' };
    }
    case 'Address Correction':
    case 'Declared Value':
      return null;
    default:
      throw new ImportFormatError(file, `unknown charge "${charge}"`);
  }
}

const surchargeCodes = new Set<string>([
  'residential',
  'delivery_area',
  'delivery_area_extended',
  'delivery_area_remote',
  'remote_area_alaska',
  'remote_area_hawaii',
  'remote_area_us48',
  'additional_handling_weight',
  'additional_handling_dimensions',
  'additional_handling_packaging',
  'large_package',
  'oversize',
  'nonstandard_length_22',
  'nonstandard_length_30',
  'nonstandard_volume',
]);

/**
 * Format "surcharge table" (our normalised form, for surcharges transcribed from a carrier guide):
 *   carrier,code,service_group,address_type,zone_min,zone_max,amount_usd,effective_from,effective_to,source_title,source_reference
 * Read from the repository's supplements folder (tables that exist in no data file), e.g. the FedEx
 * 2025 residential, additional handling and oversize fees recorded in docs/parcel-rates.md §2.3–2.4.
 */
export const surchargeTableImporter = (supplementsDir: string): ParcelImporter => ({
  name: 'surcharge-tables',
  files: () => matchingFiles(supplementsDir, '.', /-surcharges-\d{4}-\d{2}-\d{2}\.csv$/).map((f) => path.basename(f)),
  read(files) {
    const surchargeTables = files.flatMap((file) => {
      const records = readCsv(supplementsDir, file, [
        'carrier',
        'code',
        'service_group',
        'address_type',
        'zone_min',
        'zone_max',
        'amount_usd',
        'effective_from',
        'effective_to',
        'source_title',
        'source_reference',
      ]);
      const byCarrier = new Map<Carrier, typeof records>();
      for (const r of records) {
        if (!(carriers as readonly string[]).includes(r.carrier))
          throw new ImportFormatError(file, `unknown carrier "${r.carrier}"`);
        if (!surchargeCodes.has(r.code)) throw new ImportFormatError(file, `unknown surcharge code "${r.code}"`);
        byCarrier.set(r.carrier as Carrier, [...(byCarrier.get(r.carrier as Carrier) ?? []), r]);
      }
      return [...byCarrier].flatMap(([carrier, rows]) =>
        tablesOf(
          carrier,
          rows.map((r) => ({
            effectiveFrom: requireDate(file, r.effective_from),
            effectiveTo: r.effective_to ? requireDate(file, r.effective_to) : null,
            entry: {
              code: r.code as SurchargeCode,
              serviceGroup: r.service_group as ServiceGroup,
              addressType: r.address_type as AddressType,
              zoneMin: zoneBound(r.zone_min),
              zoneMax: zoneBound(r.zone_max),
              cents: decimalToCents(r.amount_usd),
            },
          })),
          { title: rows[0].source_title, reference: rows[0].source_reference, file: `supplements/${file}` },
        ),
      );
    });
    return { surchargeTables };
  },
});
