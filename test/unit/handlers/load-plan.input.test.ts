import { LoadPlanRequestError } from '../../../src/domain/loadplan';
import { apiFieldOf, loadPlanRequestProblem } from '../../../src/handlers/inputs/load-plan.input';

describe("the load planner's field paths as the API spells them", () => {
  it.each([
    [['items', 3, 'maxLoadOnTop'], 'items/3/max_load_on_top'],
    [['lengthUnit'], 'length_unit'],
    [['container', 'container', 'loadLineHeight'], 'container/load_line_height'],
    [['container', 'candidates'], 'container/candidates'],
    [['timeBudgetMs'], 'options/time_budget_ms'],
    [['maxContainers'], 'options/max_containers'],
    [['pricing', 'lclPerCubicMetre', 'amount'], 'pricing/lcl_per_cubic_metre/amount'],
    [['pricing', 'fcl', '20GP', 'currency'], 'pricing/fcl/20GP/currency'],
  ])('%j → %s', (path, field) => {
    expect(apiFieldOf(path)).toBe(field);
  });

  it('is 413 too_large only when every problem is a size limit', () => {
    const pieces = {
      path: ['items'],
      message: '10001 pieces requested; at most 10000 per request',
      status: 413 as const,
      limit: 'maxPieces' as const,
    };
    const stop = {
      path: ['items', 0, 'stop'],
      message: 'must be a whole number from 1 to 1000',
      status: 400 as const,
      limit: 'maxStop' as const,
    };
    expect(loadPlanRequestProblem(new LoadPlanRequestError([pieces])).kind).toBe('too_large');
    const mixed = loadPlanRequestProblem(new LoadPlanRequestError([pieces, stop]));
    expect(mixed.kind).toBe('invalid_input');
    expect(mixed.issues).toEqual([
      { field: 'items', message: '10001 pieces requested; at most 10000 per request (limit max_pieces)' },
      { field: 'items/0/stop', message: 'must be a whole number from 1 to 1000 (limit max_stop)' },
    ]);
  });
});
