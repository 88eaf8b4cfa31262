/**
 * FedEx Rate API (rate/v1/rates/quotes) request and response shapes, hand-written from the published
 * API as summarised in docs/parcel-rates.md §4. Only the fields we send or read are declared.
 */

export interface FedexAddress {
  postalCode: string;
  countryCode: 'US';
  residential?: boolean;
}

export interface FedexPackageLineItem {
  groupPackageCount: 1;
  weight: { units: 'LB'; value: number };
  dimensions: { length: number; width: number; height: number; units: 'IN' };
}

export interface FedexRateRequest {
  accountNumber: { value: string };
  rateRequestControlParameters: { returnTransitTimes: true; servicesNeededOnRateFailure: true };
  requestedShipment: {
    shipper: { address: FedexAddress };
    recipient: { address: FedexAddress };
    pickupType: 'DROPOFF_AT_FEDEX_LOCATION';
    rateRequestType: Array<'LIST' | 'ACCOUNT'>;
    shipDateStamp: string;
    packagingType: 'YOUR_PACKAGING';
    totalPackageCount: number;
    requestedPackageLineItems: FedexPackageLineItem[];
  };
  carrierCodes: Array<'FDXE' | 'FDXG'>;
}

export interface FedexSurcharge {
  type?: string;
  description?: string;
  amount?: number;
}

export interface FedexRatedShipmentDetail {
  rateType?: string;
  totalBaseCharge?: number;
  totalNetCharge?: number;
  currency?: string;
  shipmentRateDetail?: {
    rateZone?: string;
    fuelSurchargePercent?: number;
    totalBillingWeight?: { units?: string; value?: number };
    surCharges?: FedexSurcharge[];
  };
}

export interface FedexRateReplyDetail {
  serviceType?: string;
  serviceName?: string;
  ratedShipmentDetails?: FedexRatedShipmentDetail[];
  operationalDetail?: { transitTime?: string; deliveryDate?: string };
  commit?: { dateDetail?: { dayFormat?: string } };
  customerMessages?: Array<{ code?: string; message?: string }>;
}

export interface FedexRateResponse {
  transactionId?: string;
  output?: { rateReplyDetails?: FedexRateReplyDetail[]; alerts?: Array<{ code?: string; message?: string }> };
}

export interface FedexErrorResponse {
  transactionId?: string;
  errors?: Array<{ code?: string; message?: string }>;
}
