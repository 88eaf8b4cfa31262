import type { ZoneChartVersion, ZoneMatrixVersion, ZoneRange, ZoneScope, Zip5Zone } from './reference-data';

/**
 * Zone charts compiled for lookups: the per-origin range charts (postcalc, FedEx rate-tool PDFs)
 * and the national matrices (one row of cells per origin ZIP3). Both answer the same question, the
 * zone of a lane for a service's scopes, so the index can pick a chart without knowing its layout.
 */
export interface CompiledZoneChart {
  id: string;
  effectiveFrom: string;
  /** Preferred over another chart of the same date: range charts carry ZIP5 exceptions a matrix may lack. */
  detailed: boolean;
  covers(origin: number): boolean;
  /** Scoped ranges first, then unscoped; null when the chart has no zone for the lane. */
  zone(origin: number, destination: number, scopes: readonly ZoneScope[]): string | null;
}

interface CompiledRange {
  from: number;
  to: number;
  zone: string;
}

export class CompiledRangeChart implements CompiledZoneChart {
  readonly id: string;
  readonly effectiveFrom: string;
  readonly detailed = true;
  private readonly originFrom: number;
  private readonly originTo: number;
  /** Per scope key ('' = unscoped): narrow ranges that override, then the ranges they sit in. */
  private readonly layers = new Map<string, Array<CompiledRange[]>>();

  constructor(version: ZoneChartVersion) {
    this.id = version.id;
    this.effectiveFrom = version.effectiveFrom;
    this.originFrom = Number(version.originFrom);
    this.originTo = Number(version.originTo);
    const byScope = new Map<string, ZoneRange[]>();
    for (const range of version.ranges) push(byScope, range.scope ?? '', range);
    for (const [scope, ranges] of byScope) this.layers.set(scope, layersOf(ranges));
  }

  covers(origin: number): boolean {
    return origin >= this.originFrom && origin <= this.originTo;
  }

  zone(_origin: number, destination: number, scopes: readonly ZoneScope[]): string | null {
    for (const scope of [...scopes, '']) {
      for (const layer of this.layers.get(scope) ?? []) {
        const zone = findRange(layer, destination);
        if (zone !== null) return zone;
      }
    }
    return null;
  }
}

interface CompiledRow {
  cells: string;
  exceptions: CompiledRange[];
}

export class CompiledZoneMatrix implements CompiledZoneChart {
  readonly id: string;
  readonly effectiveFrom: string;
  readonly detailed = false;
  private readonly legend: Map<string, string>;
  /** Origin ZIP3 → scope key ('' = unscoped) → row. */
  private readonly rows = new Map<number, Map<string, CompiledRow>>();
  private readonly exceptions = new Map<string, CompiledRange[]>();

  constructor(version: ZoneMatrixVersion) {
    this.id = version.id;
    this.effectiveFrom = version.effectiveFrom;
    this.legend = new Map(Object.entries(version.legend));
    for (const row of version.rows) {
      const compiled = { cells: row.cells, exceptions: sortedRanges(row.exceptions) };
      for (let origin = Number(row.originFrom); origin <= Number(row.originTo); origin++) {
        let scopes = this.rows.get(origin);
        if (!scopes) this.rows.set(origin, (scopes = new Map()));
        scopes.set(row.scope ?? '', compiled);
      }
    }
    const byScope = new Map<string, Zip5Zone[]>();
    for (const e of version.exceptions) push(byScope, e.scope ?? '', e);
    for (const [scope, ranges] of byScope) this.exceptions.set(scope, sortedRanges(ranges));
  }

  covers(origin: number): boolean {
    return this.rows.has(Math.floor(origin / 100));
  }

  zone(origin: number, destination: number, scopes: readonly ZoneScope[]): string | null {
    const rows = this.rows.get(Math.floor(origin / 100));
    if (!rows) return null;
    for (const scope of [...scopes, '']) {
      const row = rows.get(scope);
      if (!row) continue;
      const zone =
        findRange(row.exceptions, destination) ??
        findRange(this.exceptions.get(scope) ?? [], destination) ??
        this.legend.get(row.cells[Math.floor(destination / 100)]) ??
        null;
      if (zone !== null) return zone;
    }
    return null;
  }

  /** Destination ZIP3s with a lane from some origin (`.` is no such lane). */
  *destinationZip3s(): Iterable<number> {
    const seen = new Set<CompiledRow>();
    const known = new Set<number>();
    for (const scopes of this.rows.values())
      for (const row of scopes.values()) {
        if (seen.has(row)) continue;
        seen.add(row);
        for (let d = 0; d < row.cells.length; d++) if (row.cells[d] !== '.') known.add(d);
      }
    yield* known;
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function sortedRanges(ranges: Zip5Zone[]): CompiledRange[] {
  return ranges
    .map((r) => ({ from: Number(r.destFrom), to: Number(r.destTo), zone: r.zone }))
    .sort((a, b) => a.from - b.from);
}

/** Splits ranges into non-overlapping layers, narrowest first, so each layer is binary-searchable. */
function layersOf(ranges: ZoneRange[]): Array<CompiledRange[]> {
  const compiled = ranges
    .map((r) => ({ from: Number(r.destFrom), to: Number(r.destTo), zone: r.zone }))
    .sort((a, b) => a.to - a.from - (b.to - b.from));
  const layers: Array<CompiledRange[]> = [];
  for (const range of compiled) {
    let layer = layers.find((l) => !l.some((r) => r.from <= range.to && range.from <= r.to));
    if (!layer) layers.push((layer = []));
    layer.push(range);
  }
  for (const layer of layers) layer.sort((a, b) => a.from - b.from);
  return layers;
}

function findRange(ranges: CompiledRange[], value: number): string | null {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid];
    if (value < r.from) hi = mid - 1;
    else if (value > r.to) lo = mid + 1;
    else return r.zone;
  }
  return null;
}
