import { judgeRounds } from '../../../bench/spread';

describe("bench:instructions' spread across rounds", () => {
  it('quotes the median of rounds that agree within 10%', () => {
    expect(judgeRounds('ratio', [1.63, 1.66, 1.6])).toMatchObject({ median: 1.63, quotable: true, why: null });
    expect(judgeRounds('ratio', [1.63, 1.66, 1.6]).spread).toBeCloseTo(0.06 / 1.63, 6);
  });

  it('refuses rounds that spread 10% or more, and says why', () => {
    const verdict = judgeRounds('calculate ÷ floor', [1.63, 2.3, 1.44]);
    expect(verdict.quotable).toBe(false);
    expect(verdict.why).toMatch(
      /^calculate ÷ floor spread 52\.8% across 3 rounds \(1\.63, 2\.30, 1\.44\), not under 10%/,
    );
    expect(judgeRounds('floor', [100, 111, 105]).quotable).toBe(false);
  });

  it('refuses one round: it has no spread', () => {
    expect(judgeRounds('floor', [100])).toMatchObject({ quotable: false, why: expect.stringMatching(/one round/) });
  });
});
