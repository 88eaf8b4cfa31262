import { CarrierHttpError } from './http/carrier-http';
import { estimatedDeliveryDate } from '../delivery-calendar';
import type {
  BreakdownLine,
  Carrier,
  CarrierMessage,
  ParcelRating,
  QuoteWarning,
  RateType,
  RatingShipment,
  ServiceQuote,
} from '../model';
import { decimalToCents } from '../money';
import { transitFor, type ServiceDefinition } from '../service-definition';
import { blankQuote } from '../service-quote';

/** A carrier's live rating API behind one call: the transport, request mapping and parsing inside. */
export interface LiveCarrierAdapter {
  readonly carrier: Carrier;
  rate(shipment: RatingShipment, services: ServiceDefinition[], signal: AbortSignal): Promise<LiveRateResult>;
}

/** Rates and carrier messages, side by side (errors are data, as in Karrio). */
export interface LiveRateResult {
  quotes: ServiceQuote[];
  messages: CarrierMessage[];
}

/** Client-credentials app settings every live adapter has; UPS and FedEx also need the shipper account. */
export interface LiveCredentials {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

/** A carrier's credentials as configured (src/config/parcel-carrier-config.ts); the base URL null for production. */
export interface ConfiguredCredentials {
  clientId: string;
  clientSecret: string;
  baseUrl: string | null;
  accountNumber: string | null;
}

/** The app credentials, on the production URL unless another is configured; null when none are. */
export function liveCredentials(
  configured: ConfiguredCredentials | undefined,
  productionUrl: string,
): LiveCredentials | null {
  if (!configured) return null;
  return {
    clientId: configured.clientId,
    clientSecret: configured.clientSecret,
    baseUrl: configured.baseUrl ?? productionUrl,
  };
}

/** For carriers that rate per shipper account: null (live rating off) without the account number. */
export function accountCredentials(
  configured: ConfiguredCredentials | undefined,
  productionUrl: string,
): (LiveCredentials & { accountNumber: string }) | null {
  const credentials = liveCredentials(configured, productionUrl);
  return credentials && configured?.accountNumber ? { ...credentials, accountNumber: configured.accountNumber } : null;
}

export interface LiveQuoteParts {
  service: ServiceDefinition;
  shipment: RatingShipment;
  totalCents: number;
  breakdown: BreakdownLine[];
  rateType: RateType;
  zone: string | null;
  /** Carrier-stated transit; when absent the service's standard for the zone is used. */
  transitDays?: number | null;
  deliveryDate?: string | null;
  billableWeightLb?: number | null;
  warnings?: QuoteWarning[];
}

/** A live answer in the same shape as a card quote, so the two compare side by side. */
export function liveQuote(parts: LiveQuoteParts): ServiceQuote {
  const { service, shipment } = parts;
  const transit = parts.transitDays
    ? { min: parts.transitDays, max: parts.transitDays }
    : transitFor(service, parts.zone);
  const deliveryDate =
    parts.deliveryDate ??
    (transit ? estimatedDeliveryDate(service.carrier, service.deliveryWeek, shipment.shipDate, transit.max) : null);
  const parcels: ParcelRating[] =
    parts.billableWeightLb != null
      ? [
          {
            index: 0,
            zone: parts.zone,
            billableWeight: { value: parts.billableWeightLb, unit: 'lb' },
            basis: 'carrier',
            actualWeightLb: shipment.parcels.reduce((sum, p) => sum + p.weightOz / 16, 0),
            dimensionalWeightLb: null,
            totalCents: parts.totalCents,
          },
        ]
      : [];
  return {
    ...blankQuote(service),
    available: true,
    totalCents: parts.totalCents,
    breakdown: parts.breakdown,
    parcels,
    zone: parts.zone,
    zoneSource: parts.zone === null ? null : 'carrier',
    transitDays: transit,
    estimatedDeliveryDate: deliveryDate,
    rateType: parts.rateType,
    source: { kind: 'live', carrier: service.carrier },
    warnings: parts.warnings ?? [],
  };
}

/** Carrier amounts arrive as numbers (FedEx, USPS) or strings (UPS); both become cents exactly. */
export function amountToCents(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 100);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    return /^-?\d+(\.\d{1,2})?$/.test(value.trim()) ? decimalToCents(value) : Math.round(n * 100);
  }
  return null;
}

/** The base line is what is left of the total once the itemised charges are taken out. */
export function breakdownFromTotal(
  serviceName: string,
  totalCents: number,
  itemised: BreakdownLine[],
): BreakdownLine[] {
  const base = totalCents - itemised.reduce((sum, l) => sum + l.cents, 0);
  return [{ code: 'base', name: `${serviceName} base rate`, cents: base }, ...itemised];
}

/** Lists in carrier JSON are sometimes a bare object when there is one element (UPS). */
export function asArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** 5-digit ZIP and the weight of a parcel in pounds, as every carrier API takes them. */
export function parcelPounds(weightOz: number): number {
  return Math.round((weightOz / 16) * 100) / 100;
}

/** Dimensions rounded to a tenth of an inch for the carrier request. */
export function parcelInches(dimensionsIn: [number, number, number]): {
  length: number;
  width: number;
  height: number;
} {
  const [length, width, height] = dimensionsIn.map((d) => Math.round(d * 10) / 10);
  return { length, width, height };
}

/**
 * A carrier's 4xx answer about the request (bad ZIP, unserved lane) is an answer, not an outage: it
 * becomes messages and no quotes, and does not trip the circuit breaker. Anything else propagates.
 */
export function rejectionAsMessages(
  carrier: Carrier,
  error: unknown,
  parse: (body: unknown) => CarrierMessage[],
): LiveRateResult {
  if (error instanceof CarrierHttpError && [400, 404, 422].includes(error.status)) {
    const messages = parse(error.body);
    return {
      quotes: [],
      messages: messages.length > 0 ? messages : [{ carrier, code: `http_${error.status}`, message: error.message }],
    };
  }
  throw error;
}

/**
 * An adapter for carriers that rate every service of a shipment in one call (UPS Shop, FedEx quotes):
 * send the mapped request, parse the answer, and turn a rejection into messages.
 */
export function oneCallAdapter<B>(
  carrier: Carrier,
  send: (shipment: RatingShipment, signal: AbortSignal) => Promise<B>,
  parse: (body: B, shipment: RatingShipment, services: ServiceDefinition[]) => LiveRateResult,
  parseError: (body: unknown) => CarrierMessage[],
): LiveCarrierAdapter {
  return {
    carrier,
    async rate(shipment, services, signal) {
      try {
        return parse(await send(shipment, signal), shipment, services);
      } catch (error) {
        return rejectionAsMessages(carrier, error, parseError);
      }
    },
  };
}
