import { ImportFormatError, matchingFiles, readCsv, type ParcelImporter } from './importer';
import type { SurchargeCode } from '../../domain/parcel';

const tiers: Record<string, SurchargeCode> = {
  DAS: 'delivery_area',
  DAS_EXTENDED: 'delivery_area_extended',
  DAS_REMOTE: 'delivery_area_remote',
  DAS_ALASKA: 'remote_area_alaska',
  DAS_HAWAII: 'remote_area_hawaii',
};

/**
 * Format "FedEx DAS ZIP list" (PROVENANCE.md), a shipper's copy of FedEx's Delivery Area Surcharge
 * ZIP list: `zip_code,das_type_hd,das_type_sp`, one ZIP5 per line with its tier for Home Delivery
 * (used for every FedEx service) and for Ground Economy (not quoted). ZIPs with no HD tier are not
 * surcharged. Dated by the source commit, 2026-01-26, as the list carries no date of its own.
 */
export const fedexDeliveryAreasImporter: ParcelImporter = {
  name: 'fedex-delivery-areas',
  files: (dataDir) => matchingFiles(dataDir, 'parcel/fedex-reference', /^fedex__data__reference__das_zones\.csv$/),
  read(files, dataDir) {
    const deliveryAreaLists = files.map((file) => ({
      id: 'fedex.das.2026-01-26',
      carrier: 'fedex' as const,
      effectiveFrom: '2026-01-26',
      source: {
        title: 'FedEx delivery area surcharge ZIP list',
        reference: 'niklavsfelsbergs/SHIPPING-COSTS@dfd5b84f carriers/fedex/data/reference/das_zones.csv',
        file,
      },
      zips: readCsv(dataDir, file, ['zip_code', 'das_type_hd']).flatMap((row) => {
        if (!/^\d{5}$/.test(row.zip_code)) throw new ImportFormatError(file, `bad ZIP "${row.zip_code}"`);
        if (row.das_type_hd === '') return [];
        const tier = tiers[row.das_type_hd];
        if (!tier) throw new ImportFormatError(file, `unknown DAS tier "${row.das_type_hd}"`);
        return [{ zip5: row.zip_code, tier }];
      }),
    }));
    return { deliveryAreaLists };
  },
};
