import { candidateConfidences } from '../../../../src/domain/classify/confidence';

describe('candidate confidence', () => {
  it('calibrates the first candidate to how often one so rated was right, and never sums past 1', () => {
    // One clear winner that explains the whole query: raw ~1, right 91% of the time on the tuning half.
    expect(candidateConfidences([20, 5], [1, 1])[0]).toBe(0.91);
    // Near-equal candidates: each raw well under 0.5, raised to what that share meant.
    const even = candidateConfidences([10, 10, 10, 10], [1, 1, 1, 1]);
    expect(even[0]).toBeGreaterThan(0.25);
    expect(even.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(1.0001);
    expect(even[1]).toBeLessThanOrEqual(even[0]);
  });

  it('keeps the order of the evidence and reads nothing into a line that explains none of the query', () => {
    const [first, second, third] = candidateConfidences([12, 11, 8], [0.9, 0.9, 0.9]);
    expect(first).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(third);
    expect(candidateConfidences([12, 11], [0, 0])).toEqual([0, 0]);
    expect(candidateConfidences([], [])).toEqual([]);
  });
});
