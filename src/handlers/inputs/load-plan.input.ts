import type {
  ContainerChoice,
  LoadItem,
  LoadPlanRequest,
  LoadPlanRequestError,
  OrientationRule,
} from '../../domain/loadplan';
import type { components } from '../../generated/api';
import { DomainError } from '../../domain/shared';

type Schemas = components['schemas'];

/** The API's request (snake_case, container default auto) as the planner takes it. */
export function toLoadPlanRequest(body: Schemas['LoadPlanRequest']): LoadPlanRequest {
  const options = body.options;
  return {
    lengthUnit: body.length_unit,
    weightUnit: body.weight_unit,
    items: body.items.map(toLoadItem),
    container: toContainerChoice(body.container ?? { kind: 'auto' }),
    maxContainers: options?.max_containers,
    timeBudgetMs: options?.time_budget_ms,
    support: options?.support,
    fitAnalysis: options?.fit_analysis,
    pricing: body.pricing && { lclPerCubicMetre: body.pricing.lcl_per_cubic_metre, fcl: body.pricing.fcl },
  };
}

function toLoadItem(item: Schemas['LoadPlanItem']): LoadItem {
  return {
    id: item.id,
    length: item.length,
    width: item.width,
    height: item.height,
    weight: item.weight,
    quantity: item.quantity,
    orientation: toOrientation(item.orientation),
    stackable: item.stackable,
    maxLoadOnTop: item.max_load_on_top,
    fragile: item.fragile,
    stop: item.stop,
  };
}

function toOrientation(orientation: Schemas['LoadPlanItem']['orientation']): OrientationRule | undefined {
  if (orientation === undefined || typeof orientation === 'string') return orientation;
  return { verticalDimensions: orientation.vertical_dimensions };
}

function toContainerChoice(choice: Schemas['LoadPlanContainerChoice']): ContainerChoice {
  switch (choice.kind) {
    case 'standard':
      return { kind: 'standard', type: choice.type, payload: choice.payload };
    case 'auto':
      return { kind: 'auto', candidates: choice.candidates };
    case 'custom':
      return {
        kind: 'custom',
        container: {
          name: choice.name,
          length: choice.length,
          width: choice.width,
          height: choice.height,
          payload: choice.payload,
          doorWidth: choice.door_width,
          doorHeight: choice.door_height,
          loadLineHeight: choice.load_line_height,
        },
      };
  }
}

/** camelCase → snake_case; other names (a container type such as `20GP`) are kept as they are. */
const snakeCase = (name: string): string =>
  name.replace(/([a-z])([A-Z])/g, (_, lower: string, upper: string) => `${lower}_${upper.toLowerCase()}`);

/** The planner's settings that the API groups under `options`. */
const OPTION_FIELDS: Record<string, string> = {
  maxContainers: 'max_containers',
  timeBudgetMs: 'time_budget_ms',
  support: 'support',
  fitAnalysis: 'fit_analysis',
};

/** The request field a planner problem names, as the API spells it (`items/3/max_load_on_top`). */
export function apiFieldOf(path: (string | number)[]): string {
  const [head, ...rest] = path;
  if (typeof head === 'string' && head in OPTION_FIELDS) return ['options', OPTION_FIELDS[head], ...rest].join('/');
  // A custom container's measures sit in `container` itself in the API, not in a nested object.
  const flat = head === 'container' && rest[0] === 'container' ? [head, ...rest.slice(1)] : path;
  return flat.map((segment) => (typeof segment === 'number' ? String(segment) : snakeCase(segment))).join('/');
}

/** The planner's refusal as a problem: 413 when only size limits were passed, else 400; limits named. */
export function loadPlanRequestProblem(error: LoadPlanRequestError): DomainError {
  const issues = error.problems.map((problem) => ({
    field: apiFieldOf(problem.path),
    message: problem.limit ? `${problem.message} (limit ${snakeCase(problem.limit)})` : problem.message,
  }));
  const listed = issues.map((issue) => `${issue.field || 'request'}: ${issue.message}`).join('; ');
  return error.status === 413
    ? new DomainError('too_large', `The load plan request is over the planner's limits: ${listed}.`, issues)
    : new DomainError('invalid_input', `The load plan request cannot be planned: ${listed}.`, issues);
}
