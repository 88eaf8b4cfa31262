/**
 * A load plan that keeps the search busy for its whole work budget: 100 mixed item lines of 20 (a warm
 * worker finishes a dozen lines early, whatever the budget: about 1.5 s here for a 3,000 ms budget).
 */
export function busyLoadPlan(timeBudgetMs: number): object {
  const items = Array.from({ length: 100 }, (_, i) => ({
    id: `box-${i}`,
    length: 200 + ((37 * i) % 500),
    width: 150 + ((23 * i) % 400),
    height: 100 + ((11 * i) % 300),
    weight: 5,
    quantity: 20,
  }));
  return {
    length_unit: 'mm',
    weight_unit: 'kg',
    items,
    container: { kind: 'standard', type: '40HC' },
    options: { time_budget_ms: timeBudgetMs, fit_analysis: false },
  };
}

/** A small load plan (a few boxes in a 20GP): one use of the planner's daily quota, answered at once. */
export const smallLoadPlan = {
  length_unit: 'cm',
  weight_unit: 'kg',
  items: [{ id: 'box', length: 50, width: 40, height: 30, weight: 8, quantity: 4 }],
  container: { kind: 'standard', type: '20GP' },
};
