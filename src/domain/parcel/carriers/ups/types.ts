/**
 * UPS Rating API (v2409) request and response shapes, hand-written from the published API as
 * summarised in docs/parcel-rates.md §4 (Karrio's UPS connector reads the same fields). Only the
 * fields we send or read are declared. UPS sends single-element lists as bare objects and amounts
 * as strings.
 */

export interface UpsAddress {
  PostalCode: string;
  CountryCode: 'US';
  ResidentialAddressIndicator?: 'Y';
}

export interface UpsPackage {
  PackagingType: { Code: '02' };
  Dimensions: { UnitOfMeasurement: { Code: 'IN' }; Length: string; Width: string; Height: string };
  PackageWeight: { UnitOfMeasurement: { Code: 'LBS' }; Weight: string };
}

export interface UpsRateRequest {
  RateRequest: {
    Request: { RequestOption: 'Shop'; SubVersion: '2409'; TransactionReference: { CustomerContext: string } };
    Shipment: {
      Shipper: { ShipperNumber: string; Address: UpsAddress };
      ShipFrom: { Address: UpsAddress };
      ShipTo: { Address: UpsAddress };
      PaymentDetails: { ShipmentCharge: { Type: '01'; BillShipper: { AccountNumber: string } } };
      ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' };
      DeliveryTimeInformation: { PackageBillType: '03'; Pickup: { Date: string } };
      ShipmentTotalWeight: { UnitOfMeasurement: { Code: 'LBS' }; Weight: string };
      NumOfPieces: string;
      Package: UpsPackage[];
    };
  };
}

export interface UpsCharges {
  CurrencyCode?: string;
  MonetaryValue?: string;
}

export interface UpsItemizedCharge extends UpsCharges {
  Code?: string;
  Description?: string;
  SubType?: string;
}

export interface UpsRatedShipment {
  Service?: { Code?: string; Description?: string };
  Zone?: string;
  RatedShipmentAlert?: UpsAlert | UpsAlert[];
  BillingWeight?: { UnitOfMeasurement?: { Code?: string }; Weight?: string };
  BaseServiceCharge?: UpsCharges;
  TransportationCharges?: UpsCharges;
  ServiceOptionsCharges?: UpsCharges;
  ItemizedCharges?: UpsItemizedCharge | UpsItemizedCharge[];
  TotalCharges?: UpsCharges;
  NegotiatedRateCharges?: { ItemizedCharges?: UpsItemizedCharge | UpsItemizedCharge[]; TotalCharge?: UpsCharges };
  TimeInTransit?: {
    ServiceSummary?: { EstimatedArrival?: { Arrival?: { Date?: string }; BusinessDaysInTransit?: string } };
  };
}

export interface UpsAlert {
  Code?: string;
  Description?: string;
}

export interface UpsRateResponse {
  RateResponse?: {
    Response?: { ResponseStatus?: { Code?: string; Description?: string }; Alert?: UpsAlert | UpsAlert[] };
    RatedShipment?: UpsRatedShipment | UpsRatedShipment[];
  };
}

export interface UpsErrorResponse {
  response?: { errors?: Array<{ code?: string; message?: string }> };
}
