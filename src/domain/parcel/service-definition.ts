import type { Carrier } from './model';
import type { FuelGroup, ZoneScope } from './reference-data';

export type DeliveryWeek = 'mon_fri' | 'mon_sat';

export interface TransitBand {
  /** Inclusive zone band, numeric zones. */
  zones: [number, number];
  days: [number, number];
}

/**
 * What the engine must know about one carrier service besides its prices: names, which card it is
 * priced from, dimensional-weight rule, size and weight limits, transit standard and delivery week.
 * Values come from the carriers' published rules as recorded in docs/parcel-rates.md §2.
 */
export interface ServiceDefinition {
  carrier: Carrier;
  /** Our stable code, e.g. "ups_ground". */
  code: string;
  name: string;
  /** The card service its prices come from (FedEx Home Delivery is priced from the Ground card). */
  cardService: string;
  /** Fuel table and surcharge column ('ground' or 'air'); null when the carrier has no fuel surcharge. */
  fuelGroup: FuelGroup | null;
  /** Zone-chart scopes this service reads before the unscoped ranges. */
  zoneScopes: readonly ZoneScope[];
  dim: {
    divisor: number;
    /** DIM weight applies only above this volume (USPS: 1 cubic foot). */
    aboveCubicInches: number;
    /** UPS and FedEx round each dimension to the nearest inch first; USPS takes them as given. */
    roundDimensions: boolean;
  };
  limits: { maxWeightLb: number; maxLengthIn: number; maxLengthPlusGirthIn: number };
  /** Above this length + girth the service takes a separate price the cards do not carry (USPS "oversized"). */
  separatePriceAboveLengthPlusGirthIn?: number;
  transit: TransitBand[];
  deliveryWeek: DeliveryWeek;
  /** Only offered for residential (FedEx Home Delivery) or only for business addresses (FedEx Ground). */
  addressType: 'residential' | 'commercial' | 'any';
  /** Code the carrier's own API uses for this service. */
  liveCode: string;
}

export function transitFor(service: ServiceDefinition, zone: string | null): { min: number; max: number } | null {
  const numeric = zone === null ? NaN : Number(zone);
  const band = service.transit.find((b) => numeric >= b.zones[0] && numeric <= b.zones[1]);
  return band ? { min: band.days[0], max: band.days[1] } : null;
}

/** Ground transit by zone, read from FedEx's Phoenix and Columbus charts (parcel-rates.md §2.6); UPS Ground uses the same. */
export const groundTransitByZone: TransitBand[] = [
  { zones: [2, 2], days: [1, 1] },
  { zones: [3, 3], days: [1, 2] },
  { zones: [4, 4], days: [2, 3] },
  { zones: [5, 5], days: [2, 3] },
  { zones: [6, 6], days: [3, 4] },
  { zones: [7, 7], days: [3, 5] },
  { zones: [8, 8], days: [4, 5] },
];

export const everyZone = (days: number): TransitBand[] => [{ zones: [1, 99], days: [days, days] }];
