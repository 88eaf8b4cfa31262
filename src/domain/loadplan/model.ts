/**
 * The load planner's request and result. Requests carry the caller's units; results are metric
 * (millimetres, kilograms, cubic metres). Coordinates: x runs along the container from the front wall
 * (x = 0) to the doors, y across from the left wall, z up from the floor; a piece's position is its
 * corner nearest the origin and its length/width/height are its extents along x/y/z as placed.
 */
import type { StandardContainerType } from './containers';

export type { StandardContainerType } from './containers';

export type LengthUnit = 'mm' | 'cm' | 'in';
export type WeightUnit = 'kg' | 'lb';
export type Dimension = 'length' | 'width' | 'height';

/**
 * How a piece may be turned: 'any' (all six ways), 'this_side_up' (its height stays vertical, it may
 * turn on the floor), 'fixed' (exactly as given: length along the container, width across), or the
 * dimensions that may stand vertical (each with the other two either way round on the floor).
 */
export type OrientationRule = 'any' | 'this_side_up' | 'fixed' | { verticalDimensions: readonly Dimension[] };

export interface LoadItem {
  /** The caller's reference, echoed on every placed piece. */
  id: string;
  length: number;
  width: number;
  height: number;
  /** Weight of one piece. */
  weight: number;
  quantity: number;
  /** Default 'any'. */
  orientation?: OrientationRule;
  /** false: nothing may be put on top. Default true. */
  stackable?: boolean;
  /** Most weight that may rest on one piece, directly or through other pieces. Default: no limit. */
  maxLoadOnTop?: number;
  /** Nothing may be put on top (as stackable: false); the piece itself may go on top of others. */
  fragile?: boolean;
  /**
   * Delivery stop, 1 = unloaded first. Default 1. Later stops are loaded first and sit deeper: no
   * piece lies wholly nearer the doors than, or on top of, a piece of an earlier stop.
   */
  stop?: number;
}

/** Inside measures and limits of a container that is not in the catalogue, in the request's units. */
export interface CustomContainer {
  name?: string;
  length: number;
  width: number;
  height: number;
  payload: number;
  /** Door opening; defaults to the inside width and height. */
  doorWidth?: number;
  doorHeight?: number;
  /** Cargo must stay below this height (reefer load line). */
  loadLineHeight?: number;
}

export type ContainerChoice =
  /** As many containers of one standard type as needed (up to maxContainers). */
  | { kind: 'standard'; type: StandardContainerType; payload?: number }
  | { kind: 'custom'; container: CustomContainer }
  /** The planner picks: the cheapest when FCL prices are given, else the fewest and smallest containers. */
  | { kind: 'auto'; candidates?: readonly StandardContainerType[] };

/** An exact decimal amount ("1234.50"), as everywhere in the API. */
export interface Money {
  amount: string;
  currency: string;
}

export interface FreightPricing {
  /** All-in LCL rate per W/M (revenue ton: the greater of cubic metres and metric tonnes). */
  lclPerCubicMetre?: Money;
  /** All-in FCL price per container, by type ('custom' for a custom container). */
  fcl?: Partial<Record<StandardContainerType | 'custom', Money>>;
}

export type SupportRule = 'full';

export interface LoadPlanRequest {
  lengthUnit: LengthUnit;
  weightUnit: WeightUnit;
  items: LoadItem[];
  container: ContainerChoice;
  /** Most containers to use; default 20. */
  maxContainers?: number;
  /** Work budget of the search, in milliseconds of the reference machine; default 1000. */
  timeBudgetMs?: number;
  /** 'full': every piece not on the floor stands with its whole base on pieces below. */
  support?: SupportRule;
  pricing?: FreightPricing;
  /** Compute how many of each item fit alone in each container type; default true. */
  fitAnalysis?: boolean;
}

export interface PlacedPiece {
  /** 1-based position in the container's loading sequence. */
  sequence: number;
  itemId: string;
  /** Index of the item in the request. */
  itemIndex: number;
  x: number;
  y: number;
  z: number;
  length: number;
  width: number;
  height: number;
  weightKg: number;
  stop: number;
}

export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export interface ContainerPlan {
  index: number;
  type: StandardContainerType | 'custom';
  name: string;
  insideMm: { length: number; width: number; height: number };
  doorMm: { width: number; height: number };
  /** Height cargo may reach: the load line of a reefer, else the inside height. */
  usableHeightMm: number;
  payloadKg: number;
  /** In loading order: last stop first, deepest first, every piece after the pieces it stands on. */
  pieces: PlacedPiece[];
  loadedVolumeM3: number;
  loadedWeightKg: number;
  /** Loaded volume / (inside length × width × usable height). */
  volumeUtilisation: number;
  /** Loaded weight / payload. */
  weightUtilisation: number;
  /** Null when the load weighs nothing. */
  centreOfGravity: Point3 | null;
  /** Centre of gravity minus the middle of the usable space (x towards the doors, y to the right, z up). */
  centreOfGravityOffset: Point3 | null;
}

export type UnplacedReason =
  'exceeds_inside_dimensions' | 'exceeds_door_opening' | 'exceeds_payload' | 'no_stable_position';

export interface UnplacedItem {
  itemId: string;
  itemIndex: number;
  quantity: number;
  reason: UnplacedReason;
  detail: string;
}

export interface FitAnalysisEntry {
  itemId: string;
  itemIndex: number;
  containerType: StandardContainerType | 'custom';
  /** Pieces of this item alone that the planner fits in one empty container. */
  maxPieces: number;
  limitedBy: 'space' | 'payload' | 'inside_dimensions' | 'door_opening';
}

export interface FclOption {
  containers: { type: StandardContainerType | 'custom'; count: number; unitPrice: Money | null }[];
  cost: Money | null;
}

/** Pieces that fit none of the containers considered: they go neither FCL nor LCL. */
export interface ExcludedCargo {
  itemId: string;
  itemIndex: number;
  quantity: number;
  volumeM3: number;
  weightKg: number;
  reason: 'exceeds_inside_dimensions' | 'exceeds_door_opening' | 'exceeds_payload';
  detail: string;
}

export interface FreightModeComparison {
  /** What can ship: every piece that fits at least one container considered, placed or not. */
  cargoVolumeM3: number;
  cargoWeightKg: number;
  /** Left out of the advice, with the reason. */
  excluded: ExcludedCargo[];
  /** W/M: the greater of cubic metres and metric tonnes, at least 1, rounded up to 0.001. */
  chargeableWM: number;
  lclCost: Money | null;
  fcl: FclOption;
  /** FCL cost / LCL rate: the volume at which both cost the same. */
  breakevenCubicMetres: number | null;
  /** `none`: nothing of the consignment fits a container. */
  recommendation: 'lcl' | 'fcl' | 'either' | 'none';
  basis: 'prices' | 'volume_rule';
  explanation: string;
}

export interface LoadPlanResult {
  containers: ContainerPlan[];
  unplaced: UnplacedItem[];
  summary: {
    requestedPieces: number;
    placedPieces: number;
    loadedVolumeM3: number;
    loadedWeightKg: number;
    /** Over all containers used. */
    volumeUtilisation: number;
    weightUtilisation: number;
  };
  fitAnalysis: FitAnalysisEntry[] | null;
  freightMode: FreightModeComparison;
  search: {
    budgetMs: number;
    workUnits: number;
    /** False only when the machine was so slow that the wall-clock guard stopped the search early. */
    deterministic: boolean;
  };
}
