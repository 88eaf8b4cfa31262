import { ExcludedCargo, FclOption, FreightModeComparison, FreightPricing, Money, StandardContainerType } from './model';
import { fromCents, multiplyCents, toCents } from './money';

/**
 * FCL or LCL (docs/load-planner.md states the rules and their sources). LCL is billed per W/M, the
 * revenue ton: the greater of the cubic metres and the metric tonnes, at least 1. We round the W/M up
 * to 0.001, as carriers round in their own favour; tariffs differ on the step. With prices, the cheaper mode wins (equal costs:
 * either). Without usable prices, the common volume rule applies: under 13 m³ LCL, 13–15 m³ either
 * (quote both), over 15 m³ FCL; fragile cargo in the 13–15 m³ band goes FCL, since LCL handling at
 * the consolidation warehouses is what fragile cargo suffers from.
 */
export const LCL_BELOW_M3 = 13;
export const FCL_ABOVE_M3 = 15;

export interface FreightModeInput {
  /** Of the pieces that can ship (fit at least one container considered). */
  cargoVolumeM3: number;
  cargoWeightKg: number;
  fragile: boolean;
  /** Pieces that fit no container: reported, not advised on. */
  excluded: ExcludedCargo[];
  /** Containers of the plan, in order. */
  containers: (StandardContainerType | 'custom')[];
  pricing?: FreightPricing;
}

export function compareFreightModes(input: FreightModeInput): FreightModeComparison {
  const { cargoVolumeM3, cargoWeightKg, pricing, excluded } = input;
  if (cargoVolumeM3 === 0 && excluded.length > 0) return nothingShips(input);
  const revenueTons = Math.max(cargoVolumeM3, cargoWeightKg / 1000);
  const chargeableMilli = BigInt(Math.max(1000, Math.ceil(revenueTons * 1000 - 1e-9)));
  const chargeableWM = Number(chargeableMilli) / 1000;
  const rate = pricing?.lclPerCubicMetre;
  const lclCents = rate ? multiplyCents(toCents(rate), chargeableMilli, 1000n) : null;
  const currency =
    rate?.currency ?? Object.values(pricing?.fcl ?? {}).find((m): m is Money => m !== undefined)?.currency ?? '';

  const counts = new Map<StandardContainerType | 'custom', number>();
  for (const type of input.containers) counts.set(type, (counts.get(type) ?? 0) + 1);
  let fclCents: bigint | null = input.containers.length > 0 ? 0n : null;
  const fclContainers: FclOption['containers'] = [];
  for (const [type, count] of counts) {
    const unitPrice = pricing?.fcl?.[type] ?? null;
    fclContainers.push({ type, count, unitPrice });
    fclCents = unitPrice && fclCents !== null ? fclCents + toCents(unitPrice) * BigInt(count) : null;
  }
  const fcl: FclOption = {
    containers: fclContainers,
    cost: fclCents !== null && currency ? fromCents(fclCents, currency) : null,
  };
  const lclCost = lclCents !== null ? fromCents(lclCents, currency) : null;
  const base = { cargoVolumeM3, cargoWeightKg, excluded, chargeableWM, lclCost, fcl };

  if (lclCents !== null && fclCents !== null && rate) {
    const rateCents = toCents(rate);
    const breakevenCubicMetres = rateCents > 0n ? Number((fclCents * 1000n) / rateCents) / 1000 : null;
    const recommendation = lclCents < fclCents ? 'lcl' : fclCents < lclCents ? 'fcl' : 'either';
    return {
      ...base,
      breakevenCubicMetres,
      recommendation,
      basis: 'prices',
      explanation:
        `LCL ${chargeableWM} W/M × ${rate.amount} = ${lclCost!.amount} ${currency}; ` +
        `FCL ${fclContainers.map((c) => `${c.count} × ${c.type}`).join(' + ')} = ${fcl.cost!.amount} ${currency}` +
        (breakevenCubicMetres !== null ? `; both cost the same at ${breakevenCubicMetres} m³` : '') +
        excludedNote(excluded),
    };
  }

  let recommendation: FreightModeComparison['recommendation'] =
    cargoVolumeM3 < LCL_BELOW_M3 ? 'lcl' : cargoVolumeM3 > FCL_ABOVE_M3 ? 'fcl' : 'either';
  if (recommendation === 'either' && input.fragile) recommendation = 'fcl';
  const missing = !rate ? 'no LCL rate' : 'no FCL price for every container type used';
  return {
    ...base,
    breakevenCubicMetres: null,
    recommendation,
    basis: 'volume_rule',
    explanation:
      `${missing} given, so the volume rule applies: ${cargoVolumeM3.toFixed(3)} m³ ` +
      `(LCL below ${LCL_BELOW_M3} m³, FCL above ${FCL_ABOVE_M3} m³, either in between` +
      `${input.fragile ? '; fragile cargo in between goes FCL' : ''})` +
      excludedNote(excluded),
  };
}

function excludedNote(excluded: ExcludedCargo[]): string {
  if (excluded.length === 0) return '';
  const pieces = excluded.reduce((sum, e) => sum + e.quantity, 0);
  const volume = excluded.reduce((sum, e) => sum + e.volumeM3, 0);
  return `; ${pieces} piece(s) (${volume.toFixed(3)} m³) fit no container and are left out (see excluded)`;
}

/** Every piece is out of gauge for the containers considered: neither mode can carry any of it. */
function nothingShips(input: FreightModeInput): FreightModeComparison {
  return {
    cargoVolumeM3: 0,
    cargoWeightKg: 0,
    excluded: input.excluded,
    chargeableWM: 0,
    lclCost: null,
    fcl: { containers: [], cost: null },
    breakevenCubicMetres: null,
    recommendation: 'none',
    basis: input.pricing?.lclPerCubicMetre ? 'prices' : 'volume_rule',
    explanation:
      'no piece fits any container considered, so neither FCL nor LCL can carry it (see excluded): ' +
      'out-of-gauge cargo needs special equipment (flat rack, open top) or breakbulk',
  };
}
