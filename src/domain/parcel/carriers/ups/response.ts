import type { BreakdownLine, CarrierMessage, RatingShipment, ServiceQuote } from '../../model';
import type { ServiceDefinition } from '../../service-definition';
import { amountToCents, asArray, breakdownFromTotal, liveQuote, type LiveRateResult } from '../live-adapter';
import type { UpsErrorResponse, UpsItemizedCharge, UpsRateResponse, UpsRatedShipment } from './types';

// UPS itemised charge codes we can name; anything else is "other".
const itemisedCodes: Record<string, Pick<BreakdownLine, 'code' | 'name'>> = {
  '375': { code: 'fuel', name: 'Fuel surcharge' },
  '270': { code: 'residential', name: 'Residential delivery' },
  '376': { code: 'delivery_area', name: 'Delivery area surcharge' },
  '100': { code: 'additional_handling', name: 'Additional handling' },
  '190': { code: 'oversize', name: 'Large package surcharge' },
};

/**
 * UPS rate response → quotes for the services we know, plus messages. Negotiated charges win over
 * the published ones when the account has them. Pure.
 */
export function parseUpsRateResponse(
  body: UpsRateResponse,
  shipment: RatingShipment,
  services: ServiceDefinition[],
): LiveRateResult {
  const byCode = new Map(services.map((s) => [s.liveCode, s]));
  const messages: CarrierMessage[] = asArray(body.RateResponse?.Response?.Alert).map((a) => ({
    carrier: 'ups',
    code: a.Code ?? 'alert',
    message: a.Description ?? '',
  }));
  const quotes = asArray(body.RateResponse?.RatedShipment).flatMap((rated) => {
    const service = byCode.get(rated.Service?.Code ?? '');
    return service ? toQuotes(rated, service, shipment) : [];
  });
  return { quotes, messages };
}

function toQuotes(rated: UpsRatedShipment, service: ServiceDefinition, shipment: RatingShipment): ServiceQuote[] {
  const negotiated = amountToCents(rated.NegotiatedRateCharges?.TotalCharge?.MonetaryValue);
  const totalCents = negotiated ?? amountToCents(rated.TotalCharges?.MonetaryValue);
  if (totalCents === null) return [];
  const itemised = asArray(
    negotiated !== null ? rated.NegotiatedRateCharges?.ItemizedCharges : rated.ItemizedCharges,
  ).flatMap(itemisedLine);
  const summary = rated.TimeInTransit?.ServiceSummary?.EstimatedArrival;
  const arrival = summary?.Arrival?.Date;
  const quote = liveQuote({
    service,
    shipment,
    totalCents,
    breakdown: breakdownFromTotal(service.name, totalCents, itemised),
    rateType: negotiated !== null ? 'negotiated' : 'daily',
    zone: rated.Zone ?? null,
    transitDays: summary?.BusinessDaysInTransit ? Number(summary.BusinessDaysInTransit) : null,
    deliveryDate:
      arrival && /^\d{8}$/.test(arrival) ? `${arrival.slice(0, 4)}-${arrival.slice(4, 6)}-${arrival.slice(6)}` : null,
    billableWeightLb: rated.BillingWeight?.Weight ? Number(rated.BillingWeight.Weight) : null,
    warnings: asArray(rated.RatedShipmentAlert).map((a) => ({
      code: `ups_${a.Code ?? 'alert'}`,
      message: a.Description ?? '',
    })),
  });
  return [quote];
}

function itemisedLine(charge: UpsItemizedCharge): BreakdownLine[] {
  const cents = amountToCents(charge.MonetaryValue);
  if (!cents) return [];
  const known = itemisedCodes[charge.Code ?? ''];
  return [
    { code: known?.code ?? 'other', name: known?.name ?? charge.Description ?? `UPS charge ${charge.Code}`, cents },
  ];
}

/** UPS error body → messages. */
export function parseUpsError(body: unknown): CarrierMessage[] {
  const errors = (body as UpsErrorResponse | null)?.response?.errors ?? [];
  return errors.map((e) => ({ carrier: 'ups', code: e.code ?? 'error', message: e.message ?? 'UPS error' }));
}
