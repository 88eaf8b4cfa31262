import type { RatingShipment } from '../../model';
import { parcelInches, parcelPounds } from '../live-adapter';
import type { UpsSettings } from './settings';
import type { UpsAddress, UpsRateRequest } from './types';

/** Unified shipment → UPS "Shop" request with time in transit (all services in one call). Pure. */
export function buildUpsRateRequest(shipment: RatingShipment, settings: UpsSettings): UpsRateRequest {
  const from: UpsAddress = { PostalCode: shipment.originZip, CountryCode: 'US' };
  const to: UpsAddress = {
    PostalCode: shipment.destinationZip,
    CountryCode: 'US',
    ...(shipment.residential ? { ResidentialAddressIndicator: 'Y' as const } : {}),
  };
  const pounds = shipment.parcels.map((p) => parcelPounds(p.weightOz));
  return {
    RateRequest: {
      Request: {
        RequestOption: 'Shop',
        SubVersion: '2409',
        TransactionReference: { CustomerContext: 'tradelane-parcel-quote' },
      },
      Shipment: {
        Shipper: { ShipperNumber: settings.accountNumber, Address: from },
        ShipFrom: { Address: from },
        ShipTo: { Address: to },
        PaymentDetails: { ShipmentCharge: { Type: '01', BillShipper: { AccountNumber: settings.accountNumber } } },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        DeliveryTimeInformation: { PackageBillType: '03', Pickup: { Date: shipment.shipDate.replace(/-/g, '') } },
        ShipmentTotalWeight: {
          UnitOfMeasurement: { Code: 'LBS' },
          Weight: String(Math.round(pounds.reduce((a, b) => a + b, 0) * 100) / 100),
        },
        NumOfPieces: String(shipment.parcels.length),
        Package: shipment.parcels.map((p, i) => {
          const d = parcelInches(p.dimensionsIn);
          return {
            PackagingType: { Code: '02' },
            Dimensions: {
              UnitOfMeasurement: { Code: 'IN' },
              Length: String(d.length),
              Width: String(d.width),
              Height: String(d.height),
            },
            PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }, Weight: String(pounds[i]) },
          };
        }),
      },
    },
  };
}
