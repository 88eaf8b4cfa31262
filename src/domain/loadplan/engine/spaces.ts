/**
 * Maximal empty spaces (Lai & Chan; Parreño et al. 2008): the free volume of a container described as
 * the list of largest empty cuboids, which may overlap. Under full support every space's whole floor
 * is carried by one surface: the container floor or the top of one placed block, so any block put on
 * a space's floor is fully supported.
 */
export interface Space {
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
  /** Index of the placed block whose top carries the floor; -1 for the container floor. */
  support: number;
  /** The loading group for which no block fits here any more (spaces are kept for later groups). */
  deadFor: number;
}

export interface Cuboid {
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
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
  const { support, deadFor } = s;
  if (s.x1 < c.x1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: c.x1, y2: s.y2, z2: s.z2, support, deadFor });
  if (c.x2 < s.x2) out.push({ x1: c.x2, y1: s.y1, z1: s.z1, x2: s.x2, y2: s.y2, z2: s.z2, support, deadFor });
  if (s.y1 < c.y1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: s.x2, y2: c.y1, z2: s.z2, support, deadFor });
  if (c.y2 < s.y2) out.push({ x1: s.x1, y1: c.y2, z1: s.z1, x2: s.x2, y2: s.y2, z2: s.z2, support, deadFor });
  if (s.z1 < c.z1) out.push({ x1: s.x1, y1: s.y1, z1: s.z1, x2: s.x2, y2: s.y2, z2: c.z1, support, deadFor });
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
