import { estimatedDeliveryDate } from './delivery-calendar';
import {
  breakdownCodeOf,
  surchargeName,
  type CarrierRatingRules,
  type HandlingAssessment,
  type HandlingCharge,
} from './handling-rules';
import {
  carrierLabels,
  carriers,
  type BreakdownLine,
  type Carrier,
  type NormalisedParcel,
  type ParcelRating,
  type QuoteWarning,
  type RatingShipment,
  type ServiceQuote,
  type UnavailableReason,
  type WeightBasis,
  type ZoneSource,
} from './model';
import { applyPercent } from './money';
import { measure, type ParcelMeasures } from './parcel-measures';
import { ounceMillis, type CompiledCard, type CompiledFuelRate, type RatingIndex } from './rating-index';
import type { FuelGroup, SurchargeCode, SurchargeTableVersion } from './reference-data';
import { transitFor, type ServiceDefinition } from './service-definition';
import { ceilTolerant, roundTo } from './units';
import { blankQuote } from './service-quote';
import { resolveZone, type ResolvedZone } from './zones';

/**
 * The offline rating engine: a carrier's services, every parcel of the shipment, from the rate cards,
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

/** A parcel as a carrier measures it, and the handling charges that triggers. */
interface AssessedParcel {
  m: ParcelMeasures;
  handling: HandlingAssessment;
}

const lineRank: Record<BreakdownLine['code'], number> = {
  base: 0,
  residential: 1,
  delivery_area: 2,
  additional_handling: 3,
  oversize: 4,
  other: 5,
  fuel: 6,
};

const deliveryAreaNotAssessed = Object.fromEntries(
  carriers.map((c) => [
    c,
    {
      code: 'delivery_area_not_assessed',
      message: `${carrierLabels[c]} delivery area surcharges are not assessed: the data has no ${carrierLabels[c]} delivery-area ZIP list.`,
    },
  ]),
) as Record<Carrier, QuoteWarning>;

/** By service code: written once, so every quote shares one text. */
const baseRateNames = new Map<string, string>();

function baseRateName(service: ServiceDefinition): string {
  let name = baseRateNames.get(service.code);
  if (name === undefined) baseRateNames.set(service.code, (name = `${service.name} base rate`));
  return name;
}

/**
 * Rates one carrier's services from the cards for one shipment. What the services share is worked
 * out once per quote rather than per service: the zone per set of chart scopes, each parcel's
 * measures and handling charges, the surcharge table, fuel rate and delivery-area tier in force,
 * and the warning texts (one object each, shared by the services that give them). Delivery dates
 * come from the calendar's own cache per ship date.
 */
export class CarrierCardRating {
  private readonly zones = new Map<string, ResolvedZone | null>();
  /** Per parcel, by whether sides are rounded to the inch first (UPS, FedEx) or not (USPS). */
  private readonly assessed: [Array<AssessedParcel | undefined>, Array<AssessedParcel | undefined>] = [[], []];
  private table: SurchargeTableVersion | null | undefined;
  private deliveryArea: { tier: SurchargeCode; reason: string } | null | undefined;
  private readonly fuel = new Map<FuelGroup, { rate: CompiledFuelRate; warning: QuoteWarning } | QuoteWarning>();
  private readonly unpricedWarnings = new Map<SurchargeCode, Array<{ reason: string; warning: QuoteWarning }>>();

  constructor(
    private readonly index: RatingIndex,
    private readonly shipment: RatingShipment,
    private readonly carrier: Carrier,
    private readonly rules: CarrierRatingRules,
  ) {}

  rate(service: ServiceDefinition): ServiceQuote {
    const { parcels } = this.shipment;
    const outcomes: ParcelOutcome[] = [];
    for (const parcel of parcels) {
      const outcome = this.rateParcel(service, parcel);
      if ('failed' in outcome) {
        const prefix = parcels.length > 1 ? `Parcel ${parcel.index + 1}: ` : '';
        return unavailableQuote(service, { code: outcome.failed.code, message: prefix + outcome.failed.message });
      }
      outcomes.push(outcome);
    }

    const first = outcomes[0];
    const transit = transitFor(service, first.rating.zone);
    let totalCents = 0;
    for (const o of outcomes) totalCents += o.rating.totalCents;
    const warnings = outcomes.length === 1 ? first.warnings : dedupe(outcomes);
    if (first.card.includedWarning) warnings.push(first.card.includedWarning);
    return {
      ...blankQuote(service),
      available: true,
      totalCents,
      breakdown: mergeLines(outcomes),
      parcels: outcomes.map((o) => o.rating),
      zone: first.rating.zone,
      zoneSource: first.zoneSource,
      transitDays: transit,
      estimatedDeliveryDate: transit
        ? estimatedDeliveryDate(this.carrier, service.deliveryWeek, this.shipment.shipDate, transit.max)
        : null,
      rateType: first.card.rateType,
      source: {
        kind: 'rate_card',
        cardId: first.card.id,
        title: first.card.source.title,
        effectiveFrom: first.card.effectiveFrom,
      },
      warnings,
    };
  }

  private rateParcel(service: ServiceDefinition, parcel: NormalisedParcel): ParcelOutcome | Failure {
    const { m, handling } = this.assess(service, parcel);
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

    const { index, shipment } = this;
    const zone = this.zone(service, parcel);
    if (!zone) {
      return {
        failed: {
          code: 'no_zone',
          message: `No ${carrierLabels[service.carrier]} zone chart covers ${shipment.originZip} → ${shipment.destinationZip}, and non-contiguous lanes have no distance estimate.`,
        },
      };
    }

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
      return {
        failed: {
          code: 'price_missing',
          message: `The ${card.source.title} card has no ${service.name} price for ${printed} in zone ${zone.zone}.`,
        },
      };
    }

    const lines: BreakdownLine[] = [{ code: 'base', name: baseRateName(service), cents: cell.cents }];
    const warnings = zone.warnings.slice();
    const surcharges = new SurchargePricer(this, service, shipment.residential, zone.zone, lines, warnings);

    surcharges.addHandling(handling.charges, handling.billing);
    if (this.rules.residentialSurcharge && shipment.residential && !card.includes.has('residential'))
      surcharges.add('residential', 'residential address');
    if (!card.includes.has('delivery_area')) {
      if (this.rules.deliveryArea === 'zip_list') {
        const area = this.deliveryAreaTier();
        if (area) surcharges.add(area.tier, area.reason);
      } else if (this.rules.deliveryArea === 'no_zip_list') {
        warnings.push(deliveryAreaNotAssessed[this.carrier]);
      }
    }
    if (service.fuelGroup && !card.includes.has('fuel')) this.addFuel(service.fuelGroup, lines, warnings);

    let totalCents = 0;
    for (const line of lines) totalCents += line.cents;
    const rating: ParcelRating = {
      index: parcel.index,
      zone: zone.zone,
      // A sub-pound tier is reported as the card prints it (8 oz, ½ lb).
      billableWeight:
        weight.lb === null ? { value: cell.weight, unit: cell.weightUnit } : { value: weight.lb, unit: 'lb' },
      basis: weight.basis,
      actualWeightLb: roundTo(m.actualLb, 3),
      dimensionalWeightLb: weight.dimensionalLb,
      totalCents,
    };
    return { rating, lines, warnings, card, zoneSource: zone.source };
  }

  private assess(service: ServiceDefinition, parcel: NormalisedParcel): AssessedParcel {
    const byParcel = this.assessed[service.dim.roundDimensions ? 1 : 0];
    let assessed = byParcel[parcel.index];
    if (!assessed) {
      const m = measure(parcel, service);
      byParcel[parcel.index] = assessed = { m, handling: this.rules.handling(m) };
    }
    return assessed;
  }

  private zone(service: ServiceDefinition, parcel: NormalisedParcel): ResolvedZone | null {
    const scopes = service.zoneScopes.filter((s) => s !== 'ground_under_1lb' || parcel.weightOz < 16);
    const key = scopes.join(',');
    let zone = this.zones.get(key);
    if (zone === undefined) {
      const { shipment } = this;
      zone = resolveZone(
        this.index,
        this.carrier,
        shipment.originZip,
        shipment.destinationZip,
        scopes,
        shipment.shipDate,
      );
      this.zones.set(key, zone);
    }
    return zone;
  }

  /** The surcharge table in force on the ship date. */
  surchargeTable(): SurchargeTableVersion | null {
    if (this.table === undefined) this.table = this.index.surchargeTable(this.carrier, this.shipment.shipDate);
    return this.table;
  }

  private deliveryAreaTier(): { tier: SurchargeCode; reason: string } | null {
    if (this.deliveryArea === undefined) {
      const { destinationZip, shipDate } = this.shipment;
      const tier = this.index.deliveryAreaTier(this.carrier, destinationZip, shipDate);
      this.deliveryArea = tier && {
        tier,
        reason: `ZIP ${destinationZip} is on the ${carrierLabels[this.carrier]} delivery-area list`,
      };
    }
    return this.deliveryArea;
  }

  /** A charge that applies but has no amount: a warning, never a zero. The same charge for the same reason gives the same warning object. */
  unpriced(code: SurchargeCode, reason: string): QuoteWarning {
    let known = this.unpricedWarnings.get(code);
    if (!known) this.unpricedWarnings.set(code, (known = []));
    const found = known.find((k) => k.reason === reason);
    if (found) return found.warning;
    const table = this.surchargeTable();
    const where = table
      ? `the ${table.source.title} table has no amount for it`
      : `no ${carrierLabels[this.carrier]} surcharge table is in force on ${this.shipment.shipDate}`;
    const warning = {
      code: 'surcharge_not_priced',
      message: `${surchargeName(code)} applies (${reason}) but ${where}; it is not included in the total.`,
    };
    known.push({ reason, warning });
    return warning;
  }

  private addFuel(group: FuelGroup, lines: BreakdownLine[], warnings: QuoteWarning[]): void {
    let fuel = this.fuel.get(group);
    if (!fuel) {
      const { shipDate } = this.shipment;
      const rate = this.index.fuelRate(this.carrier, group, shipDate);
      if (rate) {
        const ageDays = (Date.parse(shipDate) - Date.parse(rate.weekStart)) / 86_400_000;
        fuel = { rate, warning: ageDays > 13 ? rate.latestWarning : rate.weeklyWarning };
      } else {
        fuel = {
          code: 'fuel_not_included',
          message: `No ${carrierLabels[this.carrier]} ${group} fuel surcharge rate is known for ${shipDate}; fuel is not included in the total.`,
        };
      }
      this.fuel.set(group, fuel);
    }
    if (!('rate' in fuel)) {
      warnings.push(fuel);
      return;
    }
    let base = 0;
    for (const line of lines) base += line.cents;
    lines.push({ code: 'fuel', name: fuel.rate.lineName, cents: applyPercent(base, fuel.rate.basisPoints) });
    warnings.push(fuel.warning);
  }
}

export function unavailableQuote(service: ServiceDefinition, reason: UnavailableReason): ServiceQuote {
  return { ...blankQuote(service), unavailable: reason };
}

/** The first limit a parcel breaks, if any. */
export function limitViolation(service: ServiceDefinition, m: ParcelMeasures): UnavailableReason | null {
  const { maxWeightLb, maxLengthIn, maxLengthPlusGirthIn } = service.limits;
  if (m.actualLb > maxWeightLb) return overLimit(service, 'Weight', m.actualLb, maxWeightLb, 'lb');
  if (m.lengthIn > maxLengthIn) return overLimit(service, 'Length', m.lengthIn, maxLengthIn, 'in');
  if (m.lengthPlusGirthIn > maxLengthPlusGirthIn)
    return overLimit(service, 'Length + girth', m.lengthPlusGirthIn, maxLengthPlusGirthIn, 'in');
  return null;
}

function overLimit(
  service: ServiceDefinition,
  what: string,
  value: number,
  limit: number,
  unit: string,
): UnavailableReason {
  return {
    code: 'exceeds_limits',
    message: `${what} ${roundTo(value, 2)} ${unit} is over the ${service.name} limit of ${limit} ${unit}.`,
  };
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
function billableWeight(
  parcel: NormalisedParcel,
  m: ParcelMeasures,
  service: ServiceDefinition,
  card: CompiledCard,
  charges: HandlingCharge[],
): BillableWeight {
  const dimensionalLb =
    m.cubicInches > service.dim.aboveCubicInches ? ceilTolerant(m.cubicInches / service.dim.divisor) : null;
  let minimumLb = 0;
  for (const c of charges) minimumLb = Math.max(minimumLb, c.minimumBillableLb ?? 0);
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
    private readonly rating: CarrierCardRating,
    private readonly service: ServiceDefinition,
    private readonly residential: boolean,
    private readonly zone: string,
    private readonly lines: BreakdownLine[],
    private readonly warnings: QuoteWarning[],
  ) {}

  add(code: SurchargeCode, reason: string): void {
    const cents = this.amount(code);
    if (cents === null) this.warnings.push(this.rating.unpriced(code, reason));
    else this.line(code, cents);
  }

  addHandling(charges: HandlingCharge[], billing: 'highest' | 'all'): void {
    if (billing === 'all') {
      for (const charge of charges) this.add(charge.code, charge.reason);
      return;
    }
    let dearest: { charge: HandlingCharge; cents: number } | null = null;
    for (const charge of charges) {
      const cents = this.amount(charge.code);
      if (cents === null) this.warnings.push(this.rating.unpriced(charge.code, charge.reason));
      else if (!dearest || cents > dearest.cents) dearest = { charge, cents };
    }
    if (dearest) this.line(dearest.charge.code, dearest.cents);
  }

  private line(code: SurchargeCode, cents: number): void {
    this.lines.push({ code: breakdownCodeOf(code), name: surchargeName(code), cents });
  }

  private amount(code: SurchargeCode): number | null {
    const table = this.rating.surchargeTable();
    if (!table) return null;
    const group = this.service.fuelGroup === 'ground' ? 'ground' : 'air';
    const addressType = this.residential ? 'residential' : 'commercial';
    const zone = Number(this.zone);
    const entry = table.entries.find(
      (e) =>
        e.code === code &&
        (e.serviceGroup === 'all' || e.serviceGroup === group) &&
        (e.addressType === 'any' || e.addressType === addressType) &&
        (e.zoneMin === null || (zone >= e.zoneMin && zone <= (e.zoneMax ?? e.zoneMin))),
    );
    return entry ? entry.cents : null;
  }
}

/** The parcels' lines, those of the same charge summed into one, in the breakdown's order. */
function mergeLines(outcomes: ParcelOutcome[]): BreakdownLine[] {
  const merged: BreakdownLine[] = [];
  for (const outcome of outcomes) {
    for (const line of outcome.lines) {
      const at = merged.findIndex((m) => m.code === line.code && m.name === line.name);
      if (at === -1) merged.push(line);
      else merged[at] = { ...merged[at], cents: merged[at].cents + line.cents };
    }
  }
  // Only handling charges are written out of order (before residential and delivery area).
  for (let i = 1; i < merged.length; i++) {
    if (lineRank[merged[i - 1].code] > lineRank[merged[i].code])
      return merged.sort((a, b) => lineRank[a.code] - lineRank[b.code]);
  }
  return merged;
}

/** The parcels' warnings, each text once. */
function dedupe(outcomes: ParcelOutcome[]): QuoteWarning[] {
  const kept: QuoteWarning[] = [];
  for (const outcome of outcomes) {
    for (const w of outcome.warnings) if (!kept.some((k) => k.code === w.code && k.message === w.message)) kept.push(w);
  }
  return kept;
}
