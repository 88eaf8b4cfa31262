/** The parcel capability's public surface: code outside src/domain/parcel imports it from here. */
export { LiveRatingGateway } from './carriers/live-rating-gateway';
export { liveAdapters } from './carriers/registry';
export { CarrierUnavailableError, ParcelQuoteValidationError } from './errors';
export {
  type Carrier,
  carriers,
  type ParcelRating,
  type QuoteRequest,
  type QuoteResult,
  type QuoteSource,
  type RateType,
  type ServiceQuote,
} from './model';
export { centsToDecimal, decimalToCents } from './money';
export type { ParcelReferenceSource } from './ports';
export { ParcelQuoteService } from './quote.service';
export type {
  AddressType,
  DeliveryAreaListVersion,
  FuelGroup,
  FuelRate,
  IncludedCharge,
  ParcelReferenceData,
  RateCardVersion,
  RatePrice,
  ServiceGroup,
  SourceRef,
  SurchargeCode,
  SurchargeEntry,
  SurchargeTableVersion,
  ZoneChartVersion,
  ZoneMatrixRow,
  ZoneMatrixVersion,
  ZoneRange,
  ZoneScope,
  Zip5Zone,
} from './reference-data';
export { ParcelReferenceStore } from './reference-store';
