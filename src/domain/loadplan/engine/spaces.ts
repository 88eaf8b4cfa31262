/**
 * Maximal empty spaces (Lai & Chan; Parreño et al. 2008): the free volume of a container described as
 * the list of largest empty cuboids, which may overlap. Under full support every space's whole floor
 * is carried: by the container floor, or by the tops of placed blocks all ending at the floor's height,
 * so any block put on a space's floor is fully supported.
 */
export interface Cuboid {
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
}

export interface Space extends Cuboid {
  /** Placed blocks whose tops carry the floor; none for the container floor. */
  supports: readonly number[];
  /** The loading group for which no block fits here any more (spaces are kept for later groups). */
  deadFor: number;
}

export function intersects(s: Cuboid, c: Cuboid): boolean {
  return s.x1 < c.x2 && c.x1 < s.x2 && s.y1 < c.y2 && c.y1 < s.y2 && s.z1 < c.z2 && c.z1 < s.z2;
}

export function contains(outer: Cuboid, inner: Cuboid): boolean {
  return (
    outer.x1 <= inner.x1 &&
    outer.y1 <= inner.y1 &&
    outer.z1 <= inner.z1 &&
    inner.x2 <= outer.x2 &&
    inner.y2 <= outer.y2 &&
    inner.z2 <= outer.z2
  );
}

/**
 * The parts of s beside and below the obstacle c (at most five). The part above c is left out:
 * its floor would float over s, so the caller decides what, if anything, may stand on c.
 */
export function sidePieces(s: Space, c: Cuboid, out: Space[]): void {
  const { supports, deadFor } = s;
  if (s.x1 < c.x1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: c.x1, y2: s.y2, z2: s.z2, supports, deadFor });
  if (c.x2 < s.x2) out.push({ x1: c.x2, y1: s.y1, z1: s.z1, x2: s.x2, y2: s.y2, z2: s.z2, supports, deadFor });
  if (s.y1 < c.y1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: s.x2, y2: c.y1, z2: s.z2, supports, deadFor });
  if (c.y2 < s.y2) out.push({ x1: s.x1, y1: c.y2, z1: s.z1, x2: s.x2, y2: s.y2, z2: s.z2, supports, deadFor });
  if (s.z1 < c.z1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: s.x2, y2: s.y2, z2: c.z1, supports, deadFor });
}

/**
 * Adds the fresh pieces to the kept spaces, leaving out any piece inside another space (kept spaces
 * never lie inside a fresh piece: every piece lies inside the space it was cut from).
 */
export function mergeSpaces(kept: Space[], fresh: Space[]): Space[] {
  const result = kept;
  const n = fresh.length;
  const old = kept.length;
  for (let i = 0; i < n; i++) {
    const p = fresh[i];
    let inside = false;
    for (let j = 0; j < old && !inside; j++) inside = contains(kept[j], p);
    for (let j = 0; j < n && !inside; j++) {
      if (j === i) continue;
      const q = fresh[j];
      // Equal pieces: keep the first one only.
      if (contains(q, p) && (j < i || !contains(p, q))) inside = true;
    }
    if (!inside) result.push(p);
  }
  return result;
}

/**
 * Two spaces with floors at the same height that touch or overlap along x (or y) make a wider space
 * over the band where their other ranges overlap: every point of it lies in one of them, so it is
 * empty, and its floor is carried by both floors. Returns null when that band is empty or the result
 * would lie inside one of the two.
 */
export function joinLevel(a: Space, b: Space): Space | null {
  if (a.z1 !== b.z1) return null;
  const z2 = Math.min(a.z2, b.z2);
  const y1 = Math.max(a.y1, b.y1);
  const y2 = Math.min(a.y2, b.y2);
  if (y1 < y2 && a.x1 <= b.x2 && b.x1 <= a.x2) {
    const x1 = Math.min(a.x1, b.x1);
    const x2 = Math.max(a.x2, b.x2);
    if (x2 - x1 > a.x2 - a.x1 && x2 - x1 > b.x2 - b.x1)
      return { x1, y1, z1: a.z1, x2, y2, z2, supports: supportsOf(a, b), deadFor: -1 };
  }
  const x1 = Math.max(a.x1, b.x1);
  const x2 = Math.min(a.x2, b.x2);
  if (x1 < x2 && a.y1 <= b.y2 && b.y1 <= a.y2) {
    const j1 = Math.min(a.y1, b.y1);
    const j2 = Math.max(a.y2, b.y2);
    if (j2 - j1 > a.y2 - a.y1 && j2 - j1 > b.y2 - b.y1)
      return { x1, y1: j1, z1: a.z1, x2, y2: j2, z2, supports: supportsOf(a, b), deadFor: -1 };
  }
  return null;
}

/** The blocks carrying either floor. */
function supportsOf(a: Space, b: Space): readonly number[] {
  return a.supports === b.supports ? a.supports : [...new Set([...a.supports, ...b.supports])];
}
