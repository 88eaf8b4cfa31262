import type { Dimension, LoadPlanRequest } from '../domain/loadplan';
/**
 * Reader for the OR-Library container loading files "thpack1".."thpack9" (Bischoff & Ratcliff 1995,
 * BR1–BR7; Loh & Nee; Ivancic et al.), the benchmark format of the load planner. It lives with the
 * other readers of published data formats; the files themselves stay in the data directory.
 *
 * Format (whitespace-separated integers, line breaks irrelevant): the number of problems, then per
 * problem: its number and, in thpack1–7 only, the generator seed; container length, width, height;
 * the number of box types; per type: id, length, flag, width, flag, height, flag, quantity, where a
 * flag of 1 means that dimension may stand vertical.
 */

export interface ThpackBoxType {
  id: number;
  length: number;
  width: number;
  height: number;
  /** May the length, width, height (in that order) be the vertical dimension? */
  verticalAllowed: [boolean, boolean, boolean];
  quantity: number;
}

export interface ThpackProblem {
  number: number;
  seed: number | null;
  container: { length: number; width: number; height: number };
  boxTypes: ThpackBoxType[];
}

export class ThpackFormatError extends Error {}

/** Parses a whole file. Whether problems carry a seed is detected from the token count. */
export function parseThpack(text: string): ThpackProblem[] {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new ThpackFormatError('empty file');
  for (const hasSeed of [true, false]) {
    const parsed = tryParse(tokens, hasSeed);
    if (parsed) return parsed;
  }
  throw new ThpackFormatError('tokens do not match the thpack layout with or without seeds');
}

function tryParse(tokens: string[], hasSeed: boolean): ThpackProblem[] | null {
  let at = 0;
  const next = (): number | null => {
    if (at >= tokens.length) return null;
    const value = Number(tokens[at++]);
    return Number.isInteger(value) ? value : null;
  };
  const count = next();
  if (count === null || count < 1) return null;
  const problems: ThpackProblem[] = [];
  for (let p = 0; p < count; p++) {
    const number = next();
    const seed = hasSeed ? next() : null;
    const length = next();
    const width = next();
    const height = next();
    const types = next();
    if (
      number === null ||
      (hasSeed && seed === null) ||
      !positive(length, width, height) ||
      types === null ||
      types < 1
    ) {
      return null;
    }
    const boxTypes: ThpackBoxType[] = [];
    for (let t = 0; t < types; t++) {
      const row = Array.from({ length: 8 }, next);
      if (row.some((v) => v === null)) return null;
      const [id, l, fl, w, fw, h, fh, q] = row as number[];
      if (!positive(l, w, h) || q < 0 || ![fl, fw, fh].every((f) => f === 0 || f === 1)) return null;
      boxTypes.push({
        id,
        length: l,
        width: w,
        height: h,
        verticalAllowed: [fl === 1, fw === 1, fh === 1],
        quantity: q,
      });
    }
    problems.push({ number, seed, container: { length: length!, width: width!, height: height! }, boxTypes });
  }
  return at === tokens.length ? problems : null;
}

function positive(...values: (number | null)[]): boolean {
  return values.every((v) => v !== null && v > 0);
}

const DIMENSIONS: Dimension[] = ['length', 'width', 'height'];

/**
 * The benchmark protocol as a load plan request: one container of the problem's size, maximise the
 * loaded volume, full support, orientations from the flags. The numbers are taken as millimetres
 * (the instances have no unit; utilisation does not depend on it) and boxes weigh nothing.
 */
export function thpackLoadPlanRequest(problem: ThpackProblem, timeBudgetMs: number): LoadPlanRequest {
  return {
    lengthUnit: 'mm',
    weightUnit: 'kg',
    items: problem.boxTypes.map((box) => ({
      id: String(box.id),
      length: box.length,
      width: box.width,
      height: box.height,
      weight: 0,
      quantity: box.quantity,
      orientation: { verticalDimensions: DIMENSIONS.filter((_, i) => box.verticalAllowed[i]) },
    })),
    container: {
      kind: 'custom',
      container: { name: `thpack problem ${problem.number}`, ...problem.container, payload: 1000 },
    },
    maxContainers: 1,
    timeBudgetMs,
    support: 'full',
    fitAnalysis: false,
  };
}
