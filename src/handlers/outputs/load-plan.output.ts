import type { ContainerPlan, FreightModeComparison, LoadPlanResult, PlacedPiece, Point3 } from '../../domain/loadplan';
import type { components } from '../../generated/api';

type Schemas = components['schemas'];

/**
 * The planner works in whole millimetres and exact kilograms; the API rounds as its spec says:
 * millimetres whole, kilograms and cubic metres to 3 decimals, percentages to 2.
 */
const round = (value: number, decimals: number): number => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};
const mm = (value: number): number => Math.round(value);
const kg = (value: number): number => round(value, 3);
const m3 = (value: number): number => round(value, 3);
const percent = (ratio: number): number => round(ratio * 100, 2);

const point = (p: Point3): Schemas['Point3'] => ({ x: mm(p.x), y: mm(p.y), z: mm(p.z) });
const pointOrNull = (p: Point3 | null): Schemas['Point3'] | null => (p === null ? null : point(p));

function toPiece(piece: PlacedPiece): Schemas['PlacedPiece'] {
  return {
    sequence: piece.sequence,
    item_id: piece.itemId,
    item_index: piece.itemIndex,
    stop: piece.stop,
    position_mm: point(piece),
    dimensions_mm: { length: mm(piece.length), width: mm(piece.width), height: mm(piece.height) },
    weight_kg: kg(piece.weightKg),
  };
}

function toContainer(container: ContainerPlan): Schemas['LoadPlanContainer'] {
  return {
    index: container.index,
    type: container.type,
    name: container.name,
    inside_mm: {
      length: mm(container.insideMm.length),
      width: mm(container.insideMm.width),
      height: mm(container.insideMm.height),
    },
    door_mm: { width: mm(container.doorMm.width), height: mm(container.doorMm.height) },
    usable_height_mm: mm(container.usableHeightMm),
    payload_kg: kg(container.payloadKg),
    pieces: container.pieces.map(toPiece),
    loaded_volume_m3: m3(container.loadedVolumeM3),
    loaded_weight_kg: kg(container.loadedWeightKg),
    volume_utilisation_percent: percent(container.volumeUtilisation),
    weight_utilisation_percent: percent(container.weightUtilisation),
    centre_of_gravity_mm: pointOrNull(container.centreOfGravity),
    centre_of_gravity_offset_mm: pointOrNull(container.centreOfGravityOffset),
  };
}

function toFreightMode(mode: FreightModeComparison): Schemas['FreightModeComparison'] {
  return {
    recommendation: mode.recommendation,
    basis: mode.basis,
    explanation: mode.explanation,
    cargo_volume_m3: m3(mode.cargoVolumeM3),
    cargo_weight_kg: kg(mode.cargoWeightKg),
    excluded: mode.excluded.map((e) => ({
      item_id: e.itemId,
      item_index: e.itemIndex,
      quantity: e.quantity,
      volume_m3: m3(e.volumeM3),
      weight_kg: kg(e.weightKg),
      reason: e.reason,
      detail: e.detail,
    })),
    chargeable_wm: mode.chargeableWM,
    lcl_cost: mode.lclCost,
    fcl: {
      containers: mode.fcl.containers.map((c) => ({ type: c.type, count: c.count, unit_price: c.unitPrice })),
      cost: mode.fcl.cost,
    },
    breakeven_cubic_metres: mode.breakevenCubicMetres,
  };
}

export function toApiLoadPlan(result: LoadPlanResult): Schemas['LoadPlan'] {
  const { summary } = result;
  return {
    object: 'load_plan',
    containers: result.containers.map(toContainer),
    unplaced: result.unplaced.map((u) => ({
      item_id: u.itemId,
      item_index: u.itemIndex,
      quantity: u.quantity,
      reason: u.reason,
      detail: u.detail,
    })),
    summary: {
      requested_pieces: summary.requestedPieces,
      placed_pieces: summary.placedPieces,
      containers: result.containers.length,
      loaded_volume_m3: m3(summary.loadedVolumeM3),
      loaded_weight_kg: kg(summary.loadedWeightKg),
      volume_utilisation_percent: percent(summary.volumeUtilisation),
      weight_utilisation_percent: percent(summary.weightUtilisation),
    },
    fit_analysis:
      result.fitAnalysis?.map((f) => ({
        item_id: f.itemId,
        item_index: f.itemIndex,
        container_type: f.containerType,
        max_pieces: f.maxPieces,
        limited_by: f.limitedBy,
      })) ?? null,
    freight_mode: toFreightMode(result.freightMode),
    search: {
      budget_ms: result.search.budgetMs,
      work_units: result.search.workUnits,
      deterministic: result.search.deterministic,
    },
  };
}
