import { CountryGroups } from '../../../../../src/domain/tariff/countries/country-directory';

const citations = [{ type: 'federal_register' as const, ref: 'test' }];
const groups = new CountryGroups({
  EU: { description: 'members', members: ['FR', 'DE', { code: 'HR', from: '2013-07-01' }], citations },
  WINDOWS: {
    description: 'dated twice, and once for good',
    members: [
      { code: 'AA', from: '2025-01-01', to: '2025-04-01' },
      { code: 'AA', from: '2025-06-01' },
      { code: 'BB', to: '2024-01-01' },
      { code: 'CC', from: '2025-01-01' },
      'CC',
    ],
    citations,
  },
});

describe('CountryGroups', () => {
  it('covers a member on the dates of its membership: from inclusive, to exclusive, in any of its windows', () => {
    expect(groups.covers('@EU', 'FR', '1990-01-01')).toBe(true);
    expect(groups.covers('@EU', 'HR', '2013-06-30')).toBe(false);
    expect(groups.covers('@EU', 'HR', '2013-07-01')).toBe(true);
    expect(
      ['2024-12-31', '2025-01-01', '2025-03-31', '2025-04-01', '2025-05-31', '2025-06-01', '2030-01-01'].map((date) =>
        groups.covers('@WINDOWS', 'AA', date),
      ),
    ).toEqual([false, true, true, false, false, true, true]);
    expect([groups.covers('@WINDOWS', 'BB', '2023-12-31'), groups.covers('@WINDOWS', 'BB', '2024-01-01')]).toEqual([
      true,
      false,
    ]);
    // Listed once without dates: a member at every date, whatever its dated entries say.
    expect(groups.covers('@WINDOWS', 'CC', '2000-01-01')).toBe(true);
    expect(groups.covers('@EU', 'US', '2025-01-01')).toBe(false);
  });

  it('takes a plain code as itself, and refuses a group it does not know', () => {
    expect(groups.covers('FR', 'FR', '2025-01-01')).toBe(true);
    expect(groups.covers('FR', 'DE', '2025-01-01')).toBe(false);
    expect(() => groups.covers('@NOPE', 'FR', '2025-01-01')).toThrow('unknown country group NOPE');
    expect(() => groups.everCovered('@NOPE')).toThrow('unknown country group NOPE');
  });

  it('reads a scope as its inclusions (all countries when absent) minus its exclusions', () => {
    expect(groups.inScope(undefined, 'US', '2025-01-01')).toBe(true);
    expect(groups.inScope({ include: ['@EU'], exclude: ['DE'] }, 'FR', '2025-01-01')).toBe(true);
    expect(groups.inScope({ include: ['@EU'], exclude: ['DE'] }, 'DE', '2025-01-01')).toBe(false);
    expect(groups.inScope({ exclude: ['@EU'] }, 'HR', '2013-06-30')).toBe(true);
    expect(groups.inScope({ exclude: ['@EU'] }, 'HR', '2013-07-01')).toBe(false);
  });

  it('lists every country a reference covers at some date, once', () => {
    expect(groups.everCovered('@WINDOWS').sort()).toEqual(['AA', 'BB', 'CC']);
    expect(groups.everCovered('@EU').sort()).toEqual(['DE', 'FR', 'HR']);
    expect(groups.everCovered('CN')).toEqual(['CN']);
  });
});
