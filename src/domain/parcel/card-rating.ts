import { estimatedDeliveryDate } from './delivery-calendar';
import { breakdownCodeOf, surchargeName, type CarrierRatingRules, type HandlingCharge } from './handling-rules';
import { carrierLabels, type BreakdownLine, type NormalisedParcel, type ParcelRating, type QuoteWarning, type RatingShipment, type ServiceQuote, type UnavailableReason, type WeightBasis, type ZoneSource } from './model';
import { applyPercent } from './money';
import { measure, type ParcelMeasures } from './parcel-measures';
import { ounceMillis, type CompiledCard, type RatingIndex } from './rating-index';
import type { SurchargeCode, SurchargeTableVersion, ZoneScope } from './reference-data';
import { transitFor, type ServiceDefinition } from './service-definition';
import { ceilTolerant, roundTo } from './units';
import { blankQuote } from './service-quote';
import { resolveZone, type ResolvedZone } from './zones';

/**
 * The offline rating engine: one carrier service, every parcel of the shipment, from the rate cards,
 * surcharge tables and fuel tables in force on the ship date. Steps per parcel: limits → zone →
 * triggered handling charges (and the minimum billable weight they impose) → card → billable weight
 * (actual rounded up, DIM with the carrier's divisor, sub-pound tiers where the card has them) → base
 * price → residential and delivery-area surcharges → fuel on the base plus surcharges. A parcel the
 * service cannot take makes the whole service unavailable, with the reason.
 */

interface ParcelOutcome {
  rating: ParcelRating;
  lines: BreakdownLine[];
  warnings: QuoteWarning[];
  card: CompiledCard;
  zoneSource: ZoneSource;
}

type Failure = { failed: UnavailableReason };

const lineOrder: BreakdownLine['code'][] = ['base', 'residential', 'delivery_area', 'additional_handling', 'oversize', 'other', 'fuel'];

export function rateServiceFromCards(
  index: RatingIndex,
  shipment: RatingShipment,
  service: ServiceDefinition,
  rules: CarrierRatingRules,
): ServiceQuote {
  const outcomes: ParcelOutcome[] = [];
  for (const parcel of shipment.parcels) {
    const outcome = rateParcel(index, shipment, service, rules, parcel);
    if ('failed' in outcome) {
      const prefix = shipment.parcels.length > 1 ? `Parcel ${parcel.index + 1}: ` : '';
      return unavailableQuote(service, { code: outcome.failed.code, message: prefix + outcome.failed.message });
    }
    outcomes.push(outcome);
  }

  const first = outcomes[0];
  const transit = transitFor(service, first.rating.zone);
  const warnings = dedupe(outcomes.flatMap((o) => o.warnings));
  if (first.card.includes.size > 0) {
    const included = [...first.card.includes].map((c) => c.replace(/_/g, ' ')).join(', ');
    warnings.push({ code: 'charges_included', message: `The ${first.card.source.title} already include ${included}: nothing is added for them.` });
  }
  return {
    ...blankQuote(service),
    available: true,
    totalCents: outcomes.reduce((sum, o) => sum + o.rating.totalCents, 0),
    breakdown: mergeLines(outcomes.flatMap((o) => o.lines)),
    parcels: outcomes.map((o) => o.rating),
    zone: first.rating.zone,
    zoneSource: first.zoneSource,
    transitDays: transit,
    estimatedDeliveryDate: transit ? estimatedDeliveryDate(service.carrier, service.deliveryWeek, shipment.shipDate, transit.max) : null,
    rateType: first.card.rateType,
    source: { kind: 'rate_card', cardId: first.card.id, title: first.card.source.title, effectiveFrom: first.card.effectiveFrom },
    warnings,
  };
}

export function unavailableQuote(service: ServiceDefinition, reason: UnavailableReason): ServiceQuote {
  return { ...blankQuote(service), unavailable: reason };
}

/** The first limit a parcel breaks, if any. */
export function limitViolation(service: ServiceDefinition, m: ParcelMeasures): UnavailableReason | null {
  const { maxWeightLb, maxLengthIn, maxLengthPlusGirthIn } = service.limits;
  const over = (what: string, value: number, limit: number, unit: string): UnavailableReason => ({
    code: 'exceeds_limits',
    message: `${what} ${roundTo(value, 2)} ${unit} is over the ${service.name} limit of ${limit} ${unit}.`,
  });
  if (m.actualLb > maxWeightLb) return over('Weight', m.actualLb, maxWeightLb, 'lb');
  if (m.lengthIn > maxLengthIn) return over('Length', m.lengthIn, maxLengthIn, 'in');
  if (m.lengthPlusGirthIn > maxLengthPlusGirthIn) return over('Length + girth', m.lengthPlusGirthIn, maxLengthPlusGirthIn, 'in');
  return null;
}

function rateParcel(
  index: RatingIndex,
  shipment: RatingShipment,
  service: ServiceDefinition,
  rules: CarrierRatingRules,
  parcel: NormalisedParcel,
): ParcelOutcome | Failure {
  const m = measure(parcel, service);
  const violation = limitViolation(service, m);
  if (violation) return { failed: violation };
  const separateAbove = service.separatePriceAboveLengthPlusGirthIn;
  if (separateAbove !== undefined && m.lengthPlusGirthIn > separateAbove) {
    return {
      failed: {
        code: 'price_missing',
        message: `Length + girth ${roundTo(m.lengthPlusGirthIn, 2)} in takes the ${service.name} oversized price (over ${separateAbove} in), which the imported card does not carry.`,
      },
    };
  }

  const scopes = service.zoneScopes.filter((s) => s !== 'ground_under_1lb' || parcel.weightOz < 16);
  const zone = zoneForShipment(index, shipment, service.carrier, scopes);
  if (!zone) {
    return { failed: { code: 'no_zone', message: `No ${carrierLabels[service.carrier]} zone chart covers ${shipment.originZip} → ${shipment.destinationZip}, and non-contiguous lanes have no distance estimate.` } };
  }

  const handling = rules.handling(m);
  const card = index.cardFor(service.cardService, zone.zone, shipment.shipDate);
  if (!card) {
    const message = index.hasCardInForce(service.cardService, shipment.shipDate)
      ? `The ${service.name} rate card in force on ${shipment.shipDate} has no zone ${zone.zone} column.`
      : `No ${service.name} rate card is in force on ${shipment.shipDate}.`;
    return { failed: { code: 'no_rate_card', message } };
  }

  const weight = billableWeight(parcel, m, service, card, handling.charges);
  const cell = card.prices.get(zone.zone)?.get(weight.key);
  if (!cell) {
    const printed = weight.lb === null ? `${weight.key / 1000} oz` : `${weight.lb} lb`;
    return { failed: { code: 'price_missing', message: `The ${card.source.title} card has no ${service.name} price for ${printed} in zone ${zone.zone}.` } };
  }

  const lines: BreakdownLine[] = [{ code: 'base', name: `${service.name} base rate`, cents: cell.cents }];
  const warnings = [...zone.warnings];
  const surcharges = new SurchargePricer(index.surchargeTable(service.carrier, shipment.shipDate), service, shipment, zone.zone, lines, warnings);

  surcharges.addHandling(handling.charges, handling.billing);
  if (rules.residentialSurcharge && shipment.residential && !card.includes.has('residential')) surcharges.add('residential', 'residential address');
  if (!card.includes.has('delivery_area')) {
    if (rules.deliveryArea === 'zip_list') {
      const tier = index.deliveryAreaTier(service.carrier, shipment.destinationZip, shipment.shipDate);
      if (tier) surcharges.add(tier, `ZIP ${shipment.destinationZip} is on the ${carrierLabels[service.carrier]} delivery-area list`);
    } else if (rules.deliveryArea === 'no_zip_list') {
      warnings.push({
        code: 'delivery_area_not_assessed',
        message: `${carrierLabels[service.carrier]} delivery area surcharges are not assessed: the data has no ${carrierLabels[service.carrier]} delivery-area ZIP list.`,
      });
    }
  }
  if (service.fuelGroup && !card.includes.has('fuel')) addFuel(index, service, shipment.shipDate, lines, warnings);

  const rating: ParcelRating = {
    index: parcel.index,
    zone: zone.zone,
    // A sub-pound tier is reported as the card prints it (8 oz, ½ lb).
    billableWeight: weight.lb === null ? { value: cell.weight, unit: cell.weightUnit } : { value: weight.lb, unit: 'lb' },
    basis: weight.basis,
    actualWeightLb: roundTo(m.actualLb, 3),
    dimensionalWeightLb: weight.dimensionalLb,
    totalCents: lines.reduce((sum, l) => sum + l.cents, 0),
  };
  return { rating, lines, warnings, card, zoneSource: zone.source };
}

// Every service of a carrier asks the same zone question for a shipment: answer it once per quote.
const zonesByShipment = new WeakMap<RatingShipment, Map<string, ResolvedZone | null>>();

function zoneForShipment(index: RatingIndex, shipment: RatingShipment, carrier: ServiceDefinition['carrier'], scopes: ZoneScope[]): ResolvedZone | null {
  let zones = zonesByShipment.get(shipment);
  if (!zones) zonesByShipment.set(shipment, (zones = new Map()));
  const key = `${carrier}|${scopes.join(',')}`;
  let zone = zones.get(key);
  if (zone === undefined) {
    zone = resolveZone(index, carrier, shipment.originZip, shipment.destinationZip, scopes, shipment.shipDate);
    zones.set(key, zone);
  }
  return zone;
}

interface BillableWeight {
  /** The card row: weight break in thousandths of an ounce. */
  key: number;
  /** Whole pounds, or null for a sub-pound tier. */
  lb: number | null;
  basis: WeightBasis;
  dimensionalLb: number | null;
}

/**
 * Actual weight rounded up to the pound, DIM weight (L×W×H / divisor, rounded up; USPS only above one
 * cubic foot) and any minimum a handling charge imposes: the largest wins. A light parcel with no DIM
 * or minimum takes the card's sub-pound tier (USPS 4/8/12/15.999 oz, Express ½ lb) when it has one.
 */
function billableWeight(parcel: NormalisedParcel, m: ParcelMeasures, service: ServiceDefinition, card: CompiledCard, charges: HandlingCharge[]): BillableWeight {
  const dimensionalLb = m.cubicInches > service.dim.aboveCubicInches ? ceilTolerant(m.cubicInches / service.dim.divisor) : null;
  const minimumLb = Math.max(0, ...charges.map((c) => c.minimumBillableLb ?? 0));
  const weightMillis = ounceMillis(parcel.weightOz);
  const lastSubPound = card.subPoundBreaks[card.subPoundBreaks.length - 1];
  if (dimensionalLb === null && minimumLb === 0 && lastSubPound !== undefined && weightMillis <= lastSubPound) {
    const key = card.subPoundBreaks.find((b) => b >= weightMillis) as number;
    return { key, lb: null, basis: 'actual', dimensionalLb };
  }
  const actualLb = Math.max(1, ceilTolerant(m.actualLb));
  const lb = Math.max(actualLb, dimensionalLb ?? 0, minimumLb);
  const basis: WeightBasis = lb === actualLb ? 'actual' : lb === dimensionalLb ? 'dimensional' : 'minimum';
  return { key: lb * 16000, lb, basis, dimensionalLb };
}

/** Prices surcharges from the carrier's table in force; a charge with no amount becomes a warning, never a zero. */
class SurchargePricer {
  constructor(
    private readonly table: SurchargeTableVersion | null,
    private readonly service: ServiceDefinition,
    private readonly shipment: RatingShipment,
    private readonly zone: string,
    private readonly lines: BreakdownLine[],
    private readonly warnings: QuoteWarning[],
  ) {}

  add(code: SurchargeCode, reason: string): void {
    const cents = this.amount(code);
    if (cents === null) this.unpriced(code, reason);
    else this.lines.push({ code: breakdownCodeOf(code), name: surchargeName(code), cents });
  }

  addHandling(charges: HandlingCharge[], billing: 'highest' | 'all'): void {
    if (billing === 'all') {
      for (const charge of charges) this.add(charge.code, charge.reason);
      return;
    }
    let dearest: { charge: HandlingCharge; cents: number } | null = null;
    for (const charge of charges) {
      const cents = this.amount(charge.code);
      if (cents === null) this.unpriced(charge.code, charge.reason);
      else if (!dearest || cents > dearest.cents) dearest = { charge, cents };
    }
    if (dearest) this.lines.push({ code: breakdownCodeOf(dearest.charge.code), name: surchargeName(dearest.charge.code), cents: dearest.cents });
  }

  private amount(code: SurchargeCode): number | null {
    if (!this.table) return null;
    const group = this.service.fuelGroup === 'ground' ? 'ground' : 'air';
    const addressType = this.shipment.residential ? 'residential' : 'commercial';
    const zone = Number(this.zone);
    const entry = this.table.entries.find(
      (e) =>
        e.code === code &&
        (e.serviceGroup === 'all' || e.serviceGroup === group) &&
        (e.addressType === 'any' || e.addressType === addressType) &&
        (e.zoneMin === null || (zone >= e.zoneMin && zone <= (e.zoneMax ?? e.zoneMin))),
    );
    return entry ? entry.cents : null;
  }

  private unpriced(code: SurchargeCode, reason: string): void {
    const where = this.table ? `the ${this.table.source.title} table has no amount for it` : `no ${carrierLabels[this.service.carrier]} surcharge table is in force on ${this.shipment.shipDate}`;
    this.warnings.push({
      code: 'surcharge_not_priced',
      message: `${surchargeName(code)} applies (${reason}) but ${where}; it is not included in the total.`,
    });
  }
}

function addFuel(index: RatingIndex, service: ServiceDefinition, shipDate: string, lines: BreakdownLine[], warnings: QuoteWarning[]): void {
  const carrier = carrierLabels[service.carrier];
  const rate = index.fuelRate(service.carrier, service.fuelGroup as 'ground' | 'air', shipDate);
  if (!rate) {
    warnings.push({ code: 'fuel_not_included', message: `No ${carrier} ${service.fuelGroup} fuel surcharge rate is known for ${shipDate}; fuel is not included in the total.` });
    return;
  }
  const base = lines.reduce((sum, l) => sum + l.cents, 0);
  lines.push({ code: 'fuel', name: `Fuel surcharge (${rate.percent} %, week of ${rate.weekStart})`, cents: applyPercent(base, rate.basisPoints) });
  const ageDays = (Date.parse(shipDate) - Date.parse(rate.weekStart)) / 86_400_000;
  warnings.push(
    ageDays > 13
      ? { code: 'fuel_estimated', message: `Fuel surcharge estimated with the latest known ${carrier} rate, ${rate.percent} % for the week of ${rate.weekStart}.` }
      : { code: 'fuel_estimated', message: `Fuel surcharge estimated with the ${carrier} rate for the week of ${rate.weekStart}; carriers adjust it weekly.` },
  );
}

function mergeLines(lines: BreakdownLine[]): BreakdownLine[] {
  const merged = new Map<string, BreakdownLine>();
  for (const line of lines) {
    const key = `${line.code}|${line.name}`;
    const existing = merged.get(key);
    if (existing) existing.cents += line.cents;
    else merged.set(key, { ...line });
  }
  return [...merged.values()].sort((a, b) => lineOrder.indexOf(a.code) - lineOrder.indexOf(b.code));
}

export function dedupe(warnings: QuoteWarning[]): QuoteWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = `${w.code}|${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
