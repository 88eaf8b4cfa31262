import { LoadPlanPool, LoadPlanRequest, LoadPlanRequestError, planLoad } from '../../../../src/domain/loadplan';

const request: LoadPlanRequest = {
  lengthUnit: 'cm',
  weightUnit: 'kg',
  items: [{ id: 'carton', length: 60, width: 40, height: 40, weight: 12, quantity: 30 }],
  container: { kind: 'standard', type: '20GP' },
  timeBudgetMs: 100,
  fitAnalysis: false,
};

describe('LoadPlanPool', () => {
  const pool = new LoadPlanPool({ threads: 2 });
  afterAll(() => pool.close());

  it('plans on a worker thread exactly as planLoad does on this one', async () => {
    const inWorker = await pool.plan(request);
    expect(inWorker).toEqual(planLoad(request));
    expect(inWorker.summary.placedPieces).toBe(30);
  });

  it('keeps the event loop free while plans run', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await Promise.all([pool.plan({ ...request, timeBudgetMs: 300 }), pool.plan({ ...request, timeBudgetMs: 300 })]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });

  it('rejects a bad request with the request error, without taking a thread', async () => {
    await expect(pool.plan({ ...request, items: [] })).rejects.toBeInstanceOf(LoadPlanRequestError);
  });
});
