/**
 * The quote model: what a caller asks (a shipment between two US ZIP codes) and what each carrier
 * service answers. Money is integer cents here; the handler renders `{amount: "12.34", currency}`.
 */

export const carriers = ['usps', 'ups', 'fedex'] as const;
export type Carrier = (typeof carriers)[number];

/** How carriers are named in messages. */
export const carrierLabels: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx' };

export type RateType = 'retail' | 'list' | 'daily' | 'negotiated';

export type WeightUnit = 'lb' | 'oz' | 'kg' | 'g';
export type LengthUnit = 'in' | 'cm' | 'mm';

export interface ParcelInput {
  length: number;
  width: number;
  height: number;
  lengthUnit: LengthUnit;
  weight: number;
  weightUnit: WeightUnit;
}

export interface QuoteRequest {
  /** US ZIP or ZIP+4 codes (the API takes domestic shipments only). */
  origin: { postalCode: string };
  destination: { postalCode: string };
  parcels: ParcelInput[];
  residential: boolean;
  /** YYYY-MM-DD. */
  shipDate: string;
  carriers?: Carrier[];
  services?: string[];
}

/** A parcel in the engine's units: inches and ounces, dimensions sorted longest first. */
export interface NormalisedParcel {
  index: number;
  dimensionsIn: [number, number, number];
  weightOz: number;
}

/** A validated request in the engine's units. */
export interface RatingShipment {
  originZip: string;
  destinationZip: string;
  parcels: NormalisedParcel[];
  residential: boolean;
  shipDate: string;
  carriers: Carrier[];
  services: string[] | null;
}

export type BreakdownCode =
  'base' | 'fuel' | 'residential' | 'delivery_area' | 'additional_handling' | 'oversize' | 'other';

export interface BreakdownLine {
  code: BreakdownCode;
  /** What exactly was charged, e.g. "Additional handling (dimensions)". */
  name: string;
  cents: number;
}

export type WeightBasis = 'actual' | 'dimensional' | 'minimum' | 'carrier';

export interface ParcelRating {
  index: number;
  zone: string | null;
  /** Billable weight as rated: the card's weight break (lb, or oz for sub-pound tiers). */
  billableWeight: { value: number; unit: 'lb' | 'oz' };
  basis: WeightBasis;
  actualWeightLb: number;
  dimensionalWeightLb: number | null;
  totalCents: number;
}

export type ZoneSource = 'chart' | 'distance_estimate' | 'carrier';

export type QuoteSource =
  { kind: 'rate_card'; cardId: string; title: string; effectiveFrom: string } | { kind: 'live'; carrier: Carrier };

export interface QuoteWarning {
  code: string;
  message: string;
}

export interface UnavailableReason {
  /** exceeds_limits | no_rate_card | no_zone | price_missing | not_offered */
  code: string;
  message: string;
}

export interface ServiceQuote {
  carrier: Carrier;
  service: string;
  serviceName: string;
  available: boolean;
  unavailable: UnavailableReason | null;
  totalCents: number | null;
  currency: 'USD';
  breakdown: BreakdownLine[];
  parcels: ParcelRating[];
  zone: string | null;
  zoneSource: ZoneSource | null;
  transitDays: { min: number; max: number } | null;
  estimatedDeliveryDate: string | null;
  rateType: RateType | null;
  source: QuoteSource | null;
  warnings: QuoteWarning[];
  cheapest: boolean;
  fastest: boolean;
}

/** A carrier-level note that does not fail the quote (Karrio's "messages"). */
export interface CarrierMessage {
  carrier: Carrier;
  code: string;
  message: string;
}

export interface QuoteResult {
  shipDate: string;
  quotes: ServiceQuote[];
  messages: CarrierMessage[];
}
