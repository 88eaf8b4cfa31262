import { Dimension, OrientationRule } from './model';
import { Orientation } from './engine/problem';

const AXES: readonly Dimension[] = ['length', 'width', 'height'];

/**
 * The distinct ways a piece of the given length, width, height may be placed under its rule, as
 * extents along the container's length (dx), width (dy) and height (dz).
 */
export function allowedOrientations(
  length: number,
  width: number,
  height: number,
  rule: OrientationRule = 'any',
): Orientation[] {
  const size: Record<Dimension, number> = { length, width, height };
  if (rule === 'fixed') return [{ dx: length, dy: width, dz: height }];
  const vertical: readonly Dimension[] =
    rule === 'any'
      ? AXES
      : rule === 'this_side_up'
        ? ['height']
        : AXES.filter((d) => rule.verticalDimensions.includes(d));
  const result: Orientation[] = [];
  for (const up of vertical) {
    const [a, b] = AXES.filter((d) => d !== up).map((d) => size[d]);
    for (const [dx, dy] of [
      [a, b],
      [b, a],
    ]) {
      if (!result.some((o) => o.dx === dx && o.dy === dy && o.dz === size[up])) result.push({ dx, dy, dz: size[up] });
    }
  }
  return result;
}

/** The orientations that fit inside the room and pass through the door (width across, height up). */
export function orientationsThatFit(
  orientations: Orientation[],
  room: { length: number; width: number; height: number },
  door: { width: number; height: number },
): { inside: Orientation[]; throughDoor: Orientation[] } {
  const inside = orientations.filter((o) => o.dx <= room.length && o.dy <= room.width && o.dz <= room.height);
  const throughDoor = inside.filter((o) => o.dy <= door.width && o.dz <= door.height);
  return { inside, throughDoor };
}
