import { greatCircleNm, initialBearing, interpolateGreatCircle, LatLon } from '../geo';
import { Lane, loadSeaNetwork, OceanMesh, Passage, SeaNetwork } from './network';

export interface SeaRouteOptions {
  /** Canals to keep out of the route (e.g. `['suez']` while carriers divert round the Cape). */
  avoid?: readonly Passage[];
}

export interface SeaRoute {
  distanceNm: number;
  /** From the start point through the network's waypoints to the end point. */
  points: LatLon[];
  passages: Passage[];
}

interface Edge {
  to: number;
  nm: number;
  passage: Passage | null;
}

/** Read once per process, when the first router is made. */
let defaultSeaNetwork: SeaNetwork | undefined;

/**
 * A free point (a port, a ship) is joined to its nearest waypoints, but only to those not much
 * farther than the nearest one: a port beside its approach waypoint must not also be joined to a
 * waypoint hundreds of miles up the coast, across land; a ship in mid-ocean gets several choices.
 */
const snapCount = 4;
const snapSlack = (nearestNm: number) => nearestNm * 2 + 30;
/** Two points this close are joined directly (same harbour or anchorage). */
const directNm = 20;

class MinHeap {
  private readonly items: Array<[number, number]> = [];
  get size() {
    return this.items.length;
  }
  push(priority: number, value: number) {
    const items = this.items;
    items.push([priority, value]);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent][0] <= items[i][0]) break;
      [items[parent], items[i]] = [items[i], items[parent]];
      i = parent;
    }
  }
  pop(): [number, number] {
    const items = this.items;
    const top = items[0];
    const last = items.pop() as [number, number];
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let smallest = i;
        if (l < items.length && items[l][0] < items[smallest][0]) smallest = l;
        if (r < items.length && items[r][0] < items[smallest][0]) smallest = r;
        if (smallest === i) break;
        [items[smallest], items[i]] = [items[i], items[smallest]];
        i = smallest;
      }
    }
    return top;
  }
}

/**
 * Shortest sea route between two points over the marine network, by A* with the great-circle
 * distance as heuristic (every edge is at least as long as its chord, so the heuristic never
 * overestimates). Longitudes are never subtracted, so routes across the antimeridian are ordinary.
 */
export class SeaRouter {
  readonly nodeIds: string[] = [];
  readonly nodes: LatLon[] = [];
  private readonly edges: Edge[][] = [];
  private readonly index = new Map<string, number>();

  constructor(network: SeaNetwork = (defaultSeaNetwork ??= loadSeaNetwork())) {
    for (const [id, [lat, lon]] of Object.entries(network.waypoints)) this.addNode(id, { lat, lon });
    for (const mesh of network.meshes) this.addMesh(mesh);
    for (const lane of network.lanes) this.addLane(lane);
    for (const [a, b] of network.meshLinks) this.join(this.require(a), this.require(b), null);
  }

  /** Null when the two points cannot be joined by sea (never for a connected network). */
  route(from: LatLon, to: LatLon, options: SeaRouteOptions = {}): SeaRoute | null {
    const avoid = new Set(options.avoid ?? []);
    const direct = greatCircleNm(from, to);
    const start = this.nodes.length;
    const goal = start + 1;
    const startLinks = this.nearest(from).map((n) => ({
      to: n,
      nm: greatCircleNm(from, this.nodes[n]),
      passage: null,
    }));
    const goalLinks = new Map(this.nearest(to).map((n) => [n, greatCircleNm(this.nodes[n], to)]));
    const point = (n: number) => (n === start ? from : n === goal ? to : this.nodes[n]);

    const best = new Map<number, number>([[start, 0]]);
    const previous = new Map<number, { node: number; passage: Passage | null }>();
    const heap = new MinHeap();
    heap.push(direct, start);
    while (heap.size > 0) {
      const [, node] = heap.pop();
      if (node === goal) break;
      const distance = best.get(node) as number;
      const out: Edge[] = node === start ? startLinks : [...this.edges[node]];
      if (node === start && direct <= directNm) out.push({ to: goal, nm: direct, passage: null });
      const toGoal = node !== start ? goalLinks.get(node) : undefined;
      if (toGoal !== undefined) out.push({ to: goal, nm: toGoal, passage: null });
      for (const edge of out) {
        if (edge.passage && avoid.has(edge.passage)) continue;
        const candidate = distance + edge.nm;
        if (candidate < (best.get(edge.to) ?? Infinity)) {
          best.set(edge.to, candidate);
          previous.set(edge.to, { node, passage: edge.passage });
          heap.push(candidate + greatCircleNm(point(edge.to), to), edge.to);
        }
      }
    }
    const distanceNm = best.get(goal);
    if (distanceNm === undefined) return null;
    const points: LatLon[] = [];
    const passages: Passage[] = [];
    for (let node: number | undefined = goal; node !== undefined; node = previous.get(node)?.node) {
      points.unshift(point(node));
      const passage = previous.get(node)?.passage;
      if (passage && !passages.includes(passage)) passages.unshift(passage);
    }
    return { distanceNm, points, passages };
  }

  /** The waypoint ids a route passes, for debugging and tests. */
  describe(route: SeaRoute): string[] {
    return route.points.slice(1, -1).map((p) => this.nodeIds[this.nodes.indexOf(p)]);
  }

  private nearest(point: LatLon): number[] {
    const byDistance = this.nodes
      .map((node, i) => [greatCircleNm(point, node), i] as const)
      .sort((a, b) => a[0] - b[0]);
    const limit = snapSlack(byDistance[0][0]);
    return byDistance
      .slice(0, snapCount)
      .filter(([nm]) => nm <= limit)
      .map(([, i]) => i);
  }

  private addNode(id: string, at: LatLon): number {
    if (this.index.has(id)) throw new Error(`duplicate waypoint ${id}`);
    this.index.set(id, this.nodes.length);
    this.nodeIds.push(id);
    this.nodes.push(at);
    this.edges.push([]);
    return this.nodes.length - 1;
  }

  private require(id: string): number {
    const i = this.index.get(id);
    if (i === undefined) throw new Error(`unknown waypoint ${id}`);
    return i;
  }

  private join(a: number, b: number, passage: Passage | null, nm = greatCircleNm(this.nodes[a], this.nodes[b])) {
    if (this.edges[a].some((e) => e.to === b)) return;
    this.edges[a].push({ to: b, nm, passage });
    this.edges[b].push({ to: a, nm, passage });
  }

  private addLane(lane: Lane) {
    const ids = lane.path.map((id) => this.require(id));
    const legs = ids.slice(1).map((b, i) => greatCircleNm(this.nodes[ids[i]], this.nodes[b]));
    // A canal's published length is spread over its legs in proportion to their chords.
    const scale = lane.nm ? lane.nm / legs.reduce((sum, leg) => sum + leg, 0) : 1;
    ids.slice(1).forEach((b, i) => this.join(ids[i], b, lane.passage ?? null, legs[i] * scale));
  }

  private addMesh(mesh: OceanMesh) {
    const columns = mesh.columns.map((column) =>
      column.lats.map((lat) => this.addNode(`${mesh.name}:${lat}:${column.lon}`, { lat, lon: column.lon })),
    );
    for (let c = 1; c < columns.length; c++) {
      for (const a of columns[c - 1]) for (const b of columns[c]) this.join(a, b, null);
    }
    for (const column of columns) {
      for (let i = 1; i < column.length; i++) this.join(column[i - 1], column[i], null);
    }
  }
}

/** Position and course a given distance along a route (clamped to its ends). */
export function pointAlongRoute(route: SeaRoute, distanceNm: number): { position: LatLon; courseDeg: number } {
  let remaining = Math.max(0, distanceNm);
  const points = route.points;
  for (let i = 1; i < points.length; i++) {
    const leg = greatCircleNm(points[i - 1], points[i]);
    if (remaining <= leg || i === points.length - 1) {
      const t = leg === 0 ? 1 : Math.min(1, remaining / leg);
      return {
        position: interpolateGreatCircle(points[i - 1], points[i], t),
        courseDeg: initialBearing(points[i - 1], points[i]),
      };
    }
    remaining -= leg;
  }
  return { position: points[points.length - 1], courseDeg: 0 };
}
