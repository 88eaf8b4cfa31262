import { ImportFormatError, matchingFiles, readCsv, requireDate, type ParcelImporter } from './importer';
import { type Carrier, decimalToCents, type FuelRate } from '../../domain/parcel';

const fuelSourceReferences: Record<string, string> = {
  ups: 'UPS weekly fuel surcharge history, manual entries in jfdelascarreras/logifacts@3d0bd072 lib/pricing/data/ups-fuel-surcharge-history.json',
};

/**
 * Format "weekly fuel surcharge history" (SOURCES-usps-ups.md §4), one week per line:
 *   carrier,effective_week_start,domestic_ground_pct,domestic_air_pct,intl_air_export_pct,…
 * Only the domestic ground and air percentages are used. Each week applies from its start until the
 * next week's line. Files are found for any carrier as parcel/<carrier>/<carrier>_fuel_surcharge_weekly_<year>.csv.
 */
export const weeklyFuelSurchargesImporter: ParcelImporter = {
  name: 'weekly-fuel-surcharges',
  files: (dataDir) =>
    ['usps', 'ups', 'fedex'].flatMap((c) =>
      matchingFiles(dataDir, `parcel/${c}`, new RegExp(`^${c}_fuel_surcharge_weekly_\\d{4}\\.csv$`)),
    ),
  read(files, dataDir) {
    const fuelRates: FuelRate[] = files.flatMap((file) =>
      readCsv(dataDir, file, ['carrier', 'effective_week_start', 'domestic_ground_pct', 'domestic_air_pct']).flatMap(
        (row) => {
          const weekStart = requireDate(file, row.effective_week_start);
          const reference =
            fuelSourceReferences[row.carrier] ?? `${row.carrier.toUpperCase()} published weekly fuel surcharge`;
          const source = { title: `${row.carrier.toUpperCase()} weekly fuel surcharge`, reference, file };
          return (['ground', 'air'] as const).map((fuelGroup) => {
            const percent = row[`domestic_${fuelGroup}_pct`];
            if (decimalToCents(percent) < 0) throw new ImportFormatError(file, `negative fuel percentage ${percent}`);
            return { carrier: row.carrier as Carrier, fuelGroup, weekStart, percent, source };
          });
        },
      ),
    );
    return { fuelRates };
  },
};
