/**
 * USPS Domestic Prices API v3 (prices/v3/base-rates/search) request and response shapes, hand-written
 * from the published API as summarised in docs/parcel-rates.md §4. One request prices one parcel
 * for one mail class.
 */

export type UspsMailClass = 'USPS_GROUND_ADVANTAGE' | 'PRIORITY_MAIL' | 'PRIORITY_MAIL_EXPRESS';

export interface UspsBaseRatesQuery {
  originZIPCode: string;
  destinationZIPCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  mailClass: UspsMailClass;
  processingCategory: 'MACHINABLE' | 'NON_MACHINABLE';
  /** SP single piece; DR dimensional rectangular (over one cubic foot). */
  rateIndicator: 'SP' | 'DR';
  destinationEntryFacilityType: 'NONE';
  priceType: 'RETAIL';
  mailingDate: string;
}

export interface UspsFee {
  name?: string;
  SKU?: string;
  price?: number;
}

export interface UspsRate {
  SKU?: string;
  description?: string;
  priceType?: string;
  price?: number;
  weight?: number;
  dimWeight?: number;
  fees?: UspsFee[];
  startDate?: string;
  endDate?: string;
  mailClass?: string;
  zone?: string;
}

export interface UspsBaseRateOption {
  totalBasePrice?: number;
  rates?: UspsRate[];
}

export interface UspsErrorResponse {
  apiVersion?: string;
  error?: {
    code?: string;
    message?: string;
    errors?: Array<{ status?: string; code?: string; title?: string; detail?: string }>;
  };
}
