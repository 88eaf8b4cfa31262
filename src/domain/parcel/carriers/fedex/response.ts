import type { BreakdownLine, CarrierMessage, RatingShipment, ServiceQuote } from '../../model';
import type { ServiceDefinition } from '../../service-definition';
import { amountToCents, breakdownFromTotal, liveQuote, type LiveRateResult } from '../live-adapter';
import type { FedexErrorResponse, FedexRateReplyDetail, FedexRateResponse, FedexSurcharge } from './types';

const surchargeTypes: Record<string, Pick<BreakdownLine, 'code' | 'name'>> = {
  FUEL: { code: 'fuel', name: 'Fuel surcharge' },
  RESIDENTIAL_DELIVERY: { code: 'residential', name: 'Residential delivery' },
  DELIVERY_AREA: { code: 'delivery_area', name: 'Delivery area surcharge' },
  ADDITIONAL_HANDLING: { code: 'additional_handling', name: 'Additional handling' },
  OVERSIZE: { code: 'oversize', name: 'Oversize charge' },
};

const transitWords = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];

/**
 * FedEx rate reply → quotes for the services we know (account rates win over list rates when both
 * come back), plus the reply's alerts as messages. Pure.
 */
export function parseFedexRateResponse(
  body: FedexRateResponse,
  shipment: RatingShipment,
  services: ServiceDefinition[],
): LiveRateResult {
  const byCode = new Map(services.map((s) => [s.liveCode, s]));
  const messages: CarrierMessage[] = (body.output?.alerts ?? []).map((a) => ({
    carrier: 'fedex',
    code: a.code ?? 'alert',
    message: a.message ?? '',
  }));
  const quotes = (body.output?.rateReplyDetails ?? []).flatMap((detail) => {
    const service = byCode.get(detail.serviceType ?? '');
    return service ? toQuotes(detail, service, shipment) : [];
  });
  return { quotes, messages };
}

function toQuotes(detail: FedexRateReplyDetail, service: ServiceDefinition, shipment: RatingShipment): ServiceQuote[] {
  const rated = detail.ratedShipmentDetails ?? [];
  const chosen = rated.find((r) => r.rateType === 'ACCOUNT') ?? rated.find((r) => r.rateType === 'LIST') ?? rated[0];
  const totalCents = amountToCents(chosen?.totalNetCharge);
  if (!chosen || totalCents === null) return [];
  const rateDetail = chosen.shipmentRateDetail;
  const transit = /^([A-Z]+)_DAYS?$/.exec(detail.operationalDetail?.transitTime ?? '');
  const delivery = detail.commit?.dateDetail?.dayFormat ?? detail.operationalDetail?.deliveryDate;
  return [
    liveQuote({
      service,
      shipment,
      totalCents,
      breakdown: breakdownFromTotal(service.name, totalCents, (rateDetail?.surCharges ?? []).flatMap(surchargeLine)),
      rateType: chosen.rateType === 'ACCOUNT' ? 'negotiated' : 'list',
      zone: rateDetail?.rateZone ?? null,
      transitDays: transit ? transitWords.indexOf(transit[1]) + 1 || null : null,
      deliveryDate: delivery && /^\d{4}-\d{2}-\d{2}/.test(delivery) ? delivery.slice(0, 10) : null,
      billableWeightLb: rateDetail?.totalBillingWeight?.value ?? null,
      warnings: (detail.customerMessages ?? []).map((m) => ({
        code: `fedex_${m.code ?? 'message'}`,
        message: m.message ?? '',
      })),
    }),
  ];
}

function surchargeLine(s: FedexSurcharge): BreakdownLine[] {
  const cents = amountToCents(s.amount);
  if (!cents) return [];
  const known = surchargeTypes[s.type ?? ''];
  return [{ code: known?.code ?? 'other', name: known?.name ?? s.description ?? `FedEx ${s.type}`, cents }];
}

export function parseFedexError(body: unknown): CarrierMessage[] {
  return ((body as FedexErrorResponse | null)?.errors ?? []).map((e) => ({
    carrier: 'fedex',
    code: e.code ?? 'error',
    message: e.message ?? 'FedEx error',
  }));
}
