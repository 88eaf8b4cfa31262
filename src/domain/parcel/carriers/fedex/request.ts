import type { RatingShipment } from '../../model';
import { parcelInches, parcelPounds } from '../live-adapter';
import type { FedexSettings } from './settings';
import type { FedexRateRequest } from './types';

/** Unified shipment → FedEx rate quote request for every Express and Ground service, list and account rates. Pure. */
export function buildFedexRateRequest(shipment: RatingShipment, settings: FedexSettings): FedexRateRequest {
  return {
    accountNumber: { value: settings.accountNumber },
    rateRequestControlParameters: { returnTransitTimes: true, servicesNeededOnRateFailure: true },
    requestedShipment: {
      shipper: { address: { postalCode: shipment.originZip, countryCode: 'US' } },
      recipient: {
        address: { postalCode: shipment.destinationZip, countryCode: 'US', residential: shipment.residential },
      },
      pickupType: 'DROPOFF_AT_FEDEX_LOCATION',
      rateRequestType: ['LIST', 'ACCOUNT'],
      shipDateStamp: shipment.shipDate,
      packagingType: 'YOUR_PACKAGING',
      totalPackageCount: shipment.parcels.length,
      requestedPackageLineItems: shipment.parcels.map((p) => ({
        groupPackageCount: 1,
        weight: { units: 'LB', value: parcelPounds(p.weightOz) },
        dimensions: { ...parcelInches(p.dimensionsIn), units: 'IN' },
      })),
    },
    carrierCodes: ['FDXE', 'FDXG'],
  };
}
