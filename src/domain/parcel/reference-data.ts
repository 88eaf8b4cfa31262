import type { Carrier, RateType } from './model';

/**
 * The normalised reference data the rating engine works from: rate cards, surcharge tables, fuel
 * tables, zone charts and delivery-area lists, each versioned by effective date. Importers produce
 * these shapes, repositories store and load them, and the rating index is built from them. Money is
 * integer cents; dates are YYYY-MM-DD calendar dates.
 */

export interface SourceRef {
  /** Human title, e.g. "UPS 2026 Daily Rates". */
  title: string;
  /** Where the numbers come from: publisher page, or repository@commit path of the copy read. */
  reference: string;
  /** The file in the data directory it was imported from. */
  file: string;
}

/** Charges a card's prices already contain (FedEx retail ground is all-inclusive). */
export type IncludedCharge = 'residential' | 'delivery_area' | 'fuel';

export interface RatePrice {
  zone: string;
  /** Weight break as printed on the card: `weight` in `weightUnit`, e.g. 15.999 oz or 12 lb. */
  weight: number;
  weightUnit: 'oz' | 'lb';
  cents: number;
}

export interface RateCardVersion {
  id: string;
  carrier: Carrier;
  service: string;
  rateType: RateType;
  /** Lane set the card covers (US48, or the non-contiguous lanes); part of the version key. */
  region: string;
  effectiveFrom: string;
  /** Exclusive end; null while no later version or stated end exists. */
  effectiveTo: string | null;
  includes: IncludedCharge[];
  source: SourceRef;
  prices: RatePrice[];
}

export type SurchargeCode =
  | 'residential'
  | 'delivery_area'
  | 'delivery_area_extended'
  | 'delivery_area_remote'
  | 'remote_area_alaska'
  | 'remote_area_hawaii'
  | 'remote_area_us48'
  | 'additional_handling_weight'
  | 'additional_handling_dimensions'
  | 'additional_handling_packaging'
  | 'large_package'
  | 'oversize'
  | 'nonstandard_length_22'
  | 'nonstandard_length_30'
  | 'nonstandard_volume';

export type ServiceGroup = 'ground' | 'air' | 'all';
export type AddressType = 'residential' | 'commercial' | 'any';

export interface SurchargeEntry {
  code: SurchargeCode;
  serviceGroup: ServiceGroup;
  addressType: AddressType;
  /** Inclusive zone band; null = any zone. */
  zoneMin: number | null;
  zoneMax: number | null;
  cents: number;
}

export interface SurchargeTableVersion {
  id: string;
  carrier: Carrier;
  effectiveFrom: string;
  effectiveTo: string | null;
  source: SourceRef;
  entries: SurchargeEntry[];
}

export type FuelGroup = 'ground' | 'air';

export interface FuelRate {
  carrier: Carrier;
  fuelGroup: FuelGroup;
  /** First day the percentage applies; it holds until the next week's entry. */
  weekStart: string;
  /** Percent as a decimal string with two places, e.g. "27.50". */
  percent: string;
  source: SourceRef;
}

/**
 * A zone range's scope: null applies to every service; otherwise the services that declare this
 * scope use it before the unscoped range (FedEx express vs ground zones to AK/HI, USPS Priority and
 * light Ground Advantage zones to APO/FPO ranges).
 */
export type ZoneScope =
  | 'express'
  | 'ground'
  | 'priority'
  | 'ground_under_1lb'
  | '3_day_select'
  | '2nd_day_air'
  | '2nd_day_air_am'
  | 'next_day_air_saver'
  | 'next_day_air';

export interface ZoneRange {
  destFrom: string;
  destTo: string;
  zone: string;
  scope: ZoneScope | null;
}

export interface ZoneChartVersion {
  id: string;
  carrier: Carrier;
  /** Inclusive ZIP5 range of origins the chart serves. */
  originFrom: string;
  originTo: string;
  effectiveFrom: string;
  source: SourceRef;
  ranges: ZoneRange[];
}

/** A destination ZIP5 range and its zone (a chart's 5-digit detail). */
export interface Zip5Zone {
  destFrom: string;
  destTo: string;
  zone: string;
}

/**
 * A carrier's zone chart for all its origins in one version, laid out compactly: per origin ZIP3
 * range and scope one row whose `cells` hold one character per destination ZIP3 (000–999), read
 * through `legend`. ZIP5 ranges override a cell: the row's own, then the chart's (lists every
 * origin shares, as UPS's Alaska and Hawaii footnotes).
 */
export interface ZoneMatrixVersion {
  id: string;
  carrier: Carrier;
  effectiveFrom: string;
  source: SourceRef;
  /** Cell character → zone. `.` is no such lane (not served), `?` a lane the chart leaves unresolved. */
  legend: Record<string, string>;
  exceptions: Array<Zip5Zone & { scope: ZoneScope | null }>;
  rows: ZoneMatrixRow[];
}

export interface ZoneMatrixRow {
  /** Inclusive range of origin ZIP3s. */
  originFrom: string;
  originTo: string;
  scope: ZoneScope | null;
  /** 1,000 characters, one per destination ZIP3. */
  cells: string;
  /** USPS indicators per destination ZIP3 (`*` same NDC, `e`/`1`/`a`/`b` 5-digit exceptions), else null. */
  flags: string | null;
  exceptions: Zip5Zone[];
}

export interface DeliveryAreaListVersion {
  id: string;
  carrier: Carrier;
  effectiveFrom: string;
  source: SourceRef;
  /** ZIP5 → the surcharge tier it triggers. */
  zips: Array<{ zip5: string; tier: SurchargeCode }>;
}

export interface ParcelReferenceData {
  rateCards: RateCardVersion[];
  surchargeTables: SurchargeTableVersion[];
  fuelRates: FuelRate[];
  zoneCharts: ZoneChartVersion[];
  zoneMatrices: ZoneMatrixVersion[];
  deliveryAreaLists: DeliveryAreaListVersion[];
}
