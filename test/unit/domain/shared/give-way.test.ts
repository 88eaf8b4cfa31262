import { givingWay } from '../../../../src/domain/shared';

/** Busy work for `ms` milliseconds, calling `giveWay` as a long loop does; whether `flag` turned true meanwhile. */
async function busyFor(ms: number, giveWay: () => Promise<void>, flag: () => boolean): Promise<boolean> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    await giveWay();
    if (flag()) return true;
  }
  return false;
}

describe('givingWay', () => {
  it('lets a timer that is due run while a long loop works', async () => {
    let fired = false;
    setTimeout(() => (fired = true), 0);
    expect(await busyFor(200, givingWay(5), () => fired)).toBe(true);
  });

  it('keeps the turn while less time than asked has passed', async () => {
    let fired = false;
    const giveWay = givingWay(60_000);
    setImmediate(() => (fired = true));
    expect(await busyFor(20, giveWay, () => fired)).toBe(false);
  });

  it('without it, a loop of awaits keeps the event loop to itself', async () => {
    let fired = false;
    setTimeout(() => (fired = true), 0);
    expect(
      await busyFor(
        20,
        () => Promise.resolve(),
        () => fired,
      ),
    ).toBe(false);
  });
});
