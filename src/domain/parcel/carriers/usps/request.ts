import type { NormalisedParcel, RatingShipment } from '../../model';
import type { ServiceDefinition } from '../../service-definition';
import { parcelInches, parcelPounds } from '../live-adapter';
import type { UspsBaseRatesQuery, UspsMailClass } from './types';

/**
 * One parcel, one mail class → a base-rates query at retail prices. Machinable means at most
 * 22 × 18 × 15 in and 25 lb; above one cubic foot the dimensional-rectangular indicator applies. Pure.
 */
export function buildUspsBaseRatesQuery(
  shipment: RatingShipment,
  parcel: NormalisedParcel,
  service: ServiceDefinition,
): UspsBaseRatesQuery {
  const [l, w, h] = parcel.dimensionsIn;
  const machinable = l <= 22 && w <= 18 && h <= 15 && parcel.weightOz <= 25 * 16;
  return {
    originZIPCode: shipment.originZip,
    destinationZIPCode: shipment.destinationZip,
    weight: parcelPounds(parcel.weightOz),
    ...parcelInches(parcel.dimensionsIn),
    mailClass: service.liveCode as UspsMailClass,
    processingCategory: machinable ? 'MACHINABLE' : 'NON_MACHINABLE',
    rateIndicator: l * w * h > 1728 ? 'DR' : 'SP',
    destinationEntryFacilityType: 'NONE',
    priceType: 'RETAIL',
    mailingDate: shipment.shipDate,
  };
}
