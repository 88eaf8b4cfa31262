import { STANDARD_CONTAINER_TYPES } from './containers';
import { LoadItem, LoadPlanRequest, Money } from './model';
import { toKilograms, toMillimetres } from './units';

/** What one request may ask for. Beyond these the planner refuses rather than work for minutes. */
export const LOAD_PLAN_LIMITS = {
  maxPieces: 10_000,
  maxItems: 1_000,
  maxPieceDimensionMm: 20_000,
  maxPieceWeightKg: 50_000,
  maxContainerLengthMm: 20_000,
  maxContainerWidthMm: 5_000,
  maxContainerHeightMm: 5_000,
  maxPayloadKg: 100_000,
  maxContainers: 100,
  maxStop: 1_000,
  minTimeBudgetMs: 10,
  maxTimeBudgetMs: 10_000,
} as const;

export const DEFAULTS = { maxContainers: 20, timeBudgetMs: 1000 } as const;

export interface RequestProblem {
  /** Field path in the request, e.g. ['items', 3, 'length']. */
  path: (string | number)[];
  message: string;
  /** 413 for size limits (too many pieces or items), 400 for values that make no sense. */
  status: 400 | 413;
  /** Name of the limit in LOAD_PLAN_LIMITS, when one was exceeded. */
  limit?: keyof typeof LOAD_PLAN_LIMITS;
}

const LENGTH_UNITS = ['mm', 'cm', 'in'];
const WEIGHT_UNITS = ['kg', 'lb'];
const DIMENSIONS = ['length', 'width', 'height'];

/** Every reason the request cannot be planned as asked (empty when it can). */
export function checkLoadPlanRequest(request: LoadPlanRequest): RequestProblem[] {
  const problems: RequestProblem[] = [];
  const bad = (path: (string | number)[], message: string, limit?: keyof typeof LOAD_PLAN_LIMITS): void => {
    problems.push({ path, message, status: 400, ...(limit ? { limit } : {}) });
  };
  if (!LENGTH_UNITS.includes(request.lengthUnit)) bad(['lengthUnit'], `must be one of ${LENGTH_UNITS.join(', ')}`);
  if (!WEIGHT_UNITS.includes(request.weightUnit)) bad(['weightUnit'], `must be one of ${WEIGHT_UNITS.join(', ')}`);
  if (problems.length > 0) return problems;

  const items = Array.isArray(request.items) ? request.items : [];
  if (items.length === 0) bad(['items'], 'at least one item is required');
  if (items.length > LOAD_PLAN_LIMITS.maxItems) {
    problems.push({
      path: ['items'],
      message: `at most ${LOAD_PLAN_LIMITS.maxItems} items per request`,
      status: 413,
      limit: 'maxItems',
    });
  }
  const pieces = items.reduce(
    (sum, item) => sum + (Number.isInteger(item.quantity) && item.quantity > 0 ? item.quantity : 0),
    0,
  );
  if (pieces > LOAD_PLAN_LIMITS.maxPieces) {
    problems.push({
      path: ['items'],
      message: `${pieces} pieces requested; at most ${LOAD_PLAN_LIMITS.maxPieces} per request`,
      status: 413,
      limit: 'maxPieces',
    });
  }
  items.slice(0, LOAD_PLAN_LIMITS.maxItems).forEach((item, i) => checkItem(request, item, ['items', i], bad));
  checkContainer(request, bad);

  if (request.maxContainers !== undefined && !integerIn(request.maxContainers, 1, LOAD_PLAN_LIMITS.maxContainers)) {
    bad(['maxContainers'], `must be a whole number from 1 to ${LOAD_PLAN_LIMITS.maxContainers}`, 'maxContainers');
  }
  const { minTimeBudgetMs: lo, maxTimeBudgetMs: hi } = LOAD_PLAN_LIMITS;
  if (request.timeBudgetMs !== undefined && !integerIn(request.timeBudgetMs, lo, hi)) {
    bad(['timeBudgetMs'], `must be a whole number of milliseconds from ${lo} to ${hi}`, 'maxTimeBudgetMs');
  }
  if (request.support !== undefined && request.support !== 'full')
    bad(['support'], "only 'full' base support is offered");
  checkPricing(request, bad);
  return problems;
}

type Report = (path: (string | number)[], message: string, limit?: keyof typeof LOAD_PLAN_LIMITS) => void;

function checkItem(request: LoadPlanRequest, item: LoadItem, at: (string | number)[], bad: Report): void {
  if (typeof item.id !== 'string' || item.id.length === 0) bad([...at, 'id'], 'a non-empty reference is required');
  for (const d of ['length', 'width', 'height'] as const) {
    const mm = toMillimetres(item[d], request.lengthUnit);
    if (!(Number.isFinite(mm) && mm > 0)) bad([...at, d], 'must be a positive number');
    else if (mm > LOAD_PLAN_LIMITS.maxPieceDimensionMm) {
      bad([...at, d], `at most ${LOAD_PLAN_LIMITS.maxPieceDimensionMm} mm`, 'maxPieceDimensionMm');
    }
  }
  const kg = toKilograms(item.weight, request.weightUnit);
  if (!(Number.isFinite(kg) && kg >= 0)) bad([...at, 'weight'], 'must be zero or more');
  else if (kg > LOAD_PLAN_LIMITS.maxPieceWeightKg)
    bad([...at, 'weight'], `at most ${LOAD_PLAN_LIMITS.maxPieceWeightKg} kg`, 'maxPieceWeightKg');
  // Too many pieces in all is a 413 of its own (maxPieces), not a bad quantity.
  if (!integerIn(item.quantity, 1, Number.MAX_SAFE_INTEGER))
    bad([...at, 'quantity'], 'must be a whole number of at least 1');
  const rule = item.orientation;
  if (rule !== undefined && rule !== 'any' && rule !== 'this_side_up' && rule !== 'fixed') {
    const vertical = typeof rule === 'object' && rule !== null ? rule.verticalDimensions : undefined;
    if (!Array.isArray(vertical) || vertical.length === 0 || !vertical.every((d) => DIMENSIONS.includes(d))) {
      bad([...at, 'orientation'], "must be 'any', 'this_side_up', 'fixed' or a non-empty list of vertical dimensions");
    }
  }
  if (item.maxLoadOnTop !== undefined && !(Number.isFinite(item.maxLoadOnTop) && item.maxLoadOnTop >= 0)) {
    bad([...at, 'maxLoadOnTop'], 'must be zero or more');
  }
  if (item.stop !== undefined && !integerIn(item.stop, 1, LOAD_PLAN_LIMITS.maxStop)) {
    bad([...at, 'stop'], `must be a whole number from 1 to ${LOAD_PLAN_LIMITS.maxStop}`, 'maxStop');
  }
}

function checkContainer(request: LoadPlanRequest, bad: Report): void {
  const choice = request.container;
  const types: readonly string[] = STANDARD_CONTAINER_TYPES;
  if (!choice || typeof choice !== 'object') {
    bad(['container'], 'a container choice is required');
    return;
  }
  if (choice.kind === 'standard') {
    if (!types.includes(choice.type)) bad(['container', 'type'], `must be one of ${types.join(', ')}`);
    if (choice.payload !== undefined) checkPayload(request, choice.payload, ['container', 'payload'], bad);
  } else if (choice.kind === 'auto') {
    const candidates = choice.candidates;
    if (candidates !== undefined && (candidates.length === 0 || !candidates.every((t) => types.includes(t)))) {
      bad(['container', 'candidates'], `must be a non-empty list of ${types.join(', ')}`);
    }
  } else if (choice.kind === 'custom') {
    const c = choice.container;
    const at = ['container', 'container'];
    const limits = {
      length: LOAD_PLAN_LIMITS.maxContainerLengthMm,
      width: LOAD_PLAN_LIMITS.maxContainerWidthMm,
      height: LOAD_PLAN_LIMITS.maxContainerHeightMm,
    } as const;
    const names = {
      length: 'maxContainerLengthMm',
      width: 'maxContainerWidthMm',
      height: 'maxContainerHeightMm',
    } as const;
    for (const d of ['length', 'width', 'height'] as const) {
      const mm = toMillimetres(c[d], request.lengthUnit);
      if (!(Number.isFinite(mm) && mm >= 1)) bad([...at, d], 'must be at least 1 mm');
      else if (mm > limits[d]) bad([...at, d], `at most ${limits[d]} mm`, names[d]);
    }
    for (const [field, of] of [
      ['doorWidth', c.width],
      ['doorHeight', c.height],
      ['loadLineHeight', c.height],
    ] as const) {
      const value = c[field];
      if (
        value !== undefined &&
        !(Number.isFinite(value) && toMillimetres(value, request.lengthUnit) >= 1 && value <= of)
      ) {
        bad([...at, field], 'must be at least 1 mm and no more than the inside measure');
      }
    }
    checkPayload(request, c.payload, [...at, 'payload'], bad);
  } else {
    bad(['container', 'kind'], "must be 'standard', 'custom' or 'auto'");
  }
}

function checkPayload(request: LoadPlanRequest, payload: number, at: (string | number)[], bad: Report): void {
  const kg = toKilograms(payload, request.weightUnit);
  if (!(Number.isFinite(kg) && kg > 0)) bad(at, 'must be a positive number');
  else if (kg > LOAD_PLAN_LIMITS.maxPayloadKg) bad(at, `at most ${LOAD_PLAN_LIMITS.maxPayloadKg} kg`, 'maxPayloadKg');
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;

function checkPricing(request: LoadPlanRequest, bad: Report): void {
  const pricing = request.pricing;
  if (!pricing) return;
  const prices: [(string | number)[], Money][] = [];
  if (pricing.lclPerCubicMetre) prices.push([['pricing', 'lclPerCubicMetre'], pricing.lclPerCubicMetre]);
  for (const [type, money] of Object.entries(pricing.fcl ?? {})) {
    if (type !== 'custom' && !(STANDARD_CONTAINER_TYPES as readonly string[]).includes(type)) {
      bad(['pricing', 'fcl', type], 'not a container type');
    } else if (money) prices.push([['pricing', 'fcl', type], money]);
  }
  for (const [at, money] of prices) {
    if (!AMOUNT.test(money.amount)) bad([...at, 'amount'], 'must be a decimal string with at most 2 decimals');
    if (!CURRENCY.test(money.currency)) bad([...at, 'currency'], 'must be an ISO 4217 code');
  }
  const currencies = new Set(prices.map(([, m]) => m.currency));
  if (currencies.size > 1) bad(['pricing'], `all prices must be in one currency, got ${[...currencies].join(', ')}`);
}

function integerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
