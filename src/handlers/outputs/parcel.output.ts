import type { components } from '../../generated/api';
import {
  centsToDecimal,
  type ParcelRating,
  type QuoteResult,
  type QuoteSource,
  type ServiceQuote,
} from '../../domain/parcel';

type Schemas = components['schemas'];
type ServiceCode = Schemas['ParcelServiceCode'];

const money = (cents: number, currency: string): Schemas['Money'] => ({ amount: centsToDecimal(cents), currency });

function toApiSource(source: QuoteSource): Schemas['ParcelQuoteSource'] {
  return source.kind === 'rate_card'
    ? { type: 'rate_card', card_id: source.cardId, title: source.title, effective_date: source.effectiveFrom }
    : { type: 'live_carrier', carrier: source.carrier };
}

function toApiParcel(parcel: ParcelRating, currency: string): Schemas['ParcelRating'] {
  return {
    index: parcel.index,
    billable_weight: { value: parcel.billableWeight.value, unit: parcel.billableWeight.unit },
    weight_basis: parcel.basis,
    actual_weight_lb: parcel.actualWeightLb,
    dimensional_weight_lb: parcel.dimensionalWeightLb,
    zone: parcel.zone,
    total: money(parcel.totalCents, currency),
  };
}

/** An available quote: the engine fills total, rate type and source for every one of them. */
function toApiQuote(quote: ServiceQuote): Schemas['ParcelServiceQuote'] {
  return {
    carrier: quote.carrier,
    service: quote.service as ServiceCode,
    service_name: quote.serviceName,
    total: money(quote.totalCents as number, quote.currency),
    breakdown: quote.breakdown.map((line) => ({
      type: line.code,
      description: line.name,
      amount: money(line.cents, quote.currency),
    })),
    parcels: quote.parcels.map((p) => toApiParcel(p, quote.currency)),
    zone: quote.zone,
    zone_source: quote.zoneSource,
    transit_days: quote.transitDays,
    estimated_delivery_date: quote.estimatedDeliveryDate,
    rate_type: quote.rateType as NonNullable<ServiceQuote['rateType']>,
    source: toApiSource(quote.source as QuoteSource),
    warnings: quote.warnings.map((w) => ({ code: w.code, message: w.message })),
    cheapest: quote.cheapest,
    fastest: quote.fastest,
  };
}

function toApiUnavailable(quote: ServiceQuote): Schemas['ParcelServiceUnavailable'] {
  const reason = quote.unavailable as NonNullable<ServiceQuote['unavailable']>;
  return {
    carrier: quote.carrier,
    service: quote.service as ServiceCode,
    service_name: quote.serviceName,
    reason: { code: reason.code as Schemas['ParcelServiceUnavailable']['reason']['code'], message: reason.message },
  };
}

/** The ranked result as the API shows it: available quotes in the engine's order, then the rest apart. */
export function toApiParcelQuote(result: QuoteResult): Schemas['ParcelQuoteResult'] {
  return {
    object: 'parcel_quote',
    ship_date: result.shipDate,
    quotes: result.quotes.filter((q) => q.available).map(toApiQuote),
    unavailable: result.quotes.filter((q) => !q.available).map(toApiUnavailable),
    messages: result.messages.map((m) => ({ carrier: m.carrier, code: m.code, message: m.message })),
  };
}
