/** A load plan that keeps the search busy for its whole work budget: 12 mixed item lines of 40. */
export function busyLoadPlan(timeBudgetMs: number): object {
  const items = Array.from({ length: 12 }, (_, i) => ({
    id: `box-${i}`,
    length: 300 + 37 * i,
    width: 200 + 23 * i,
    height: 150 + 11 * i,
    weight: 5,
    quantity: 40,
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
