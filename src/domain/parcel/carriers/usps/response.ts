import type { BreakdownLine, CarrierMessage, RatingShipment, ServiceQuote } from '../../model';
import type { ServiceDefinition } from '../../service-definition';
import { amountToCents, liveQuote } from '../live-adapter';
import type { UspsBaseRateOption, UspsErrorResponse } from './types';

/**
 * The base-rate answers for every parcel of one mail class → one quote: base prices and fees
 * (nonstandard length/volume) summed over parcels. Null when an answer carries no price. Pure.
 */
export function parseUspsBaseRates(
  answers: UspsBaseRateOption[],
  shipment: RatingShipment,
  service: ServiceDefinition,
): ServiceQuote | null {
  const lines: BreakdownLine[] = [];
  let billableLb = 0;
  let zone: string | null = null;
  for (const answer of answers) {
    const rate = answer.rates?.[0];
    const base = amountToCents(rate?.price);
    if (!rate || base === null) return null;
    lines.push({ code: 'base', name: `${service.name} base rate`, cents: base });
    for (const fee of rate.fees ?? []) {
      const cents = amountToCents(fee.price);
      if (cents) lines.push({ code: 'other', name: fee.name ?? 'USPS fee', cents });
    }
    billableLb += Math.max(rate.weight ?? 0, rate.dimWeight ?? 0);
    zone ??= rate.zone ? String(Number(rate.zone)) : null;
  }
  const breakdown = mergeByName(lines);
  return liveQuote({
    service,
    shipment,
    totalCents: breakdown.reduce((sum, l) => sum + l.cents, 0),
    breakdown,
    rateType: 'retail',
    zone,
    billableWeightLb: billableLb || null,
  });
}

function mergeByName(lines: BreakdownLine[]): BreakdownLine[] {
  const merged = new Map<string, BreakdownLine>();
  for (const line of lines) {
    const existing = merged.get(line.name);
    if (existing) existing.cents += line.cents;
    else merged.set(line.name, { ...line });
  }
  return [...merged.values()];
}

export function parseUspsError(body: unknown): CarrierMessage[] {
  const error = (body as UspsErrorResponse | null)?.error;
  if (!error) return [];
  const details = (error.errors ?? []).map((e) => e.detail ?? e.title).filter(Boolean);
  return [
    { carrier: 'usps', code: error.code ?? 'error', message: [error.message, ...details].filter(Boolean).join(': ') },
  ];
}
