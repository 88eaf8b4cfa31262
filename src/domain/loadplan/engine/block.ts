import type { Orientation } from './problem';

/**
 * Blocks are the engine's unit of placement: nx × ny × nz copies of one box type in one orientation
 * (Fanslau & Bortfeldt's simple blocks). Every box in a block stands fully on the box below it, and
 * the block's whole top can carry further cargo unless its boxes may carry nothing.
 * A simple block of boxes that may carry load can be capped with one layer of boxes that carry
 * nothing (fragile, not stackable): the search would otherwise fill the height with stackable boxes
 * and leave such pieces for the floor of the last container, with nothing above them. No general
 * blocks (any two blocks joined along an axis): they multiply the blocks each step must scan
 * (docs/benchmarks.md, "Load planner").
 */
export interface Block {
  dx: number;
  dy: number;
  dz: number;
  /** Volume of the boxes (the block's volume, unless a cap leaves room beside it). */
  volume: number;
  /** Sum of the boxes' values. */
  value: number;
  weight: number;
  type: number;
  count: number;
  /** Loading group of the block's boxes. */
  group: number;
  /** kg the block's top may carry (the bottom box carries everything above it); 0 = nothing on top. */
  topCapacity: number;
  orientation: Orientation;
  nx: number;
  ny: number;
  nz: number;
  /** The capping layer, standing on the simple block at its origin corner; null for a simple block. */
  cap: Block | null;
  /** Depth (along x) of the block's first column of boxes, cap included: where its boxes start to end. */
  frontDepth: number;
  /** Extents of the block's top that can carry a box, from its origin corner (a composite's may be smaller). */
  topDx: number;
  topDy: number;
  /** A composite block's parts at their offsets in it; null for a simple or capped block. */
  parts: readonly BlockPart[] | null;
  /** A composite's boxes per type as [type, count, type, count, …]; null: `type` × `count` (and the cap). */
  uses: readonly number[] | null;
}

export interface BlockPart {
  block: Block;
  x: number;
  y: number;
  z: number;
}
