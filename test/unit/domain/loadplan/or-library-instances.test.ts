import fs from 'node:fs';
import path from 'node:path';
import { planLoad } from '../../../../src/domain/loadplan/plan-load';
import { validatePlan } from '../../../../src/domain/loadplan/validator';
import { parseThpack, thpackLoadPlanRequest } from '../../../../src/reference/or-library-thpack';

/** A few real BR instances (the OR-Library thpack files the repository carries under bench/data). */
const file = (k: number) =>
  path.join(__dirname, '..', '..', '..', '..', 'bench', 'data', 'loadplan', 'or-library', `thpack${k}.txt`);

describe('BR instances from the OR-Library', () => {
  it.each([
    [1, 0],
    [1, 1],
    [7, 0],
    [7, 1],
  ])('thpack%i problem %i: a valid plan above 88 %% at a 150 ms budget', (k, index) => {
    const problem = parseThpack(fs.readFileSync(file(k), 'utf8'))[index];
    const request = thpackLoadPlanRequest(problem, 150);
    const plan = planLoad(request, { clock: () => 0 });
    expect(validatePlan(request, plan)).toEqual([]);
    expect(plan.containers).toHaveLength(1);
    expect(plan.summary.volumeUtilisation).toBeGreaterThan(0.88);
  });

  it('reads all 100 problems of each BR class', () => {
    for (const k of [1, 2, 3, 4, 5, 6, 7]) {
      const problems = parseThpack(fs.readFileSync(file(k), 'utf8'));
      expect(problems).toHaveLength(100);
      expect(
        problems.every((p) => p.container.length === 587 && p.container.width === 233 && p.container.height === 220),
      ).toBe(true);
    }
  });
});
