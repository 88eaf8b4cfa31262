/**
 * The placement engine's own view of one container loading problem: whole millimetres and kilograms,
 * orientations already filtered by the container and its door. Built from a LoadPlanRequest by
 * plan-load.ts (or from a benchmark instance); the engine never sees request units or item ids.
 */

/** Extents of a piece as placed: dx along the container length, dy across, dz up. */
export interface Orientation {
  dx: number;
  dy: number;
  dz: number;
}

export interface PackingBoxType {
  /** Distinct placements allowed for this piece in this container (deduplicated). */
  orientations: Orientation[];
  volume: number;
  /**
   * What loading one piece is worth to the search, in mm³: its volume, plus a share for weight when
   * weight is what limits the load (see packing.ts). The search maximises the total value.
   */
  value: number;
  /** kg per piece (0 when unknown, as in the OR-Library instances). */
  weight: number;
  quantity: number;
  /** Loading group: 0 is loaded first and sits deepest (the last delivery stop). */
  group: number;
  /** kg that may rest on one piece, directly or indirectly; 0 = nothing on top; Infinity = no limit. */
  loadCapacity: number;
}

export interface PackingContainer {
  length: number;
  width: number;
  /** Usable height: the inside height, or the load line of a reefer. */
  height: number;
  payload: number;
}

export interface PackingProblem {
  container: PackingContainer;
  types: PackingBoxType[];
}

/** One piece in the engine's answer, in container coordinates (origin at the front wall, left, floor). */
export interface PackedBox {
  type: number;
  x: number;
  y: number;
  z: number;
  dx: number;
  dy: number;
  dz: number;
}
