import Decimal from 'decimal.js';
import { allocateCents, entryFees, lineFeeShare } from '../../../../../src/domain/tariff/engine/entry-fees';
import { buildRuleSet } from '../../../../../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../../../../../src/domain/tariff/rules/tariff-rules';
import { fixtureRuleSources } from '../../../../support/tariff-fixtures';

const rules = new TariffRules(buildRuleSet(fixtureRuleSources()));
const values = (...amounts: string[]) => amounts.map((a) => new Decimal(a));

describe('allocateCents', () => {
  it('splits a fee by value to the cent, the shares adding up to the fee (largest remainder)', () => {
    expect(allocateCents(new Decimal('100.00'), values('1', '1', '1')).map(String)).toEqual([
      '33.34',
      '33.33',
      '33.33',
    ]);
    expect(allocateCents(new Decimal('670.86'), values('150000', '60000')).map((d) => d.toFixed(2))).toEqual([
      '479.19',
      '191.67',
    ]);
  });

  it('gives every line zero when the fee or the lines are worth nothing', () => {
    expect(allocateCents(new Decimal(0), values('5', '6')).map(String)).toEqual(['0', '0']);
    expect(allocateCents(new Decimal('34.58'), values('0', '0')).map(String)).toEqual(['0', '0']);
  });
});

describe('entryFees', () => {
  const entry = { entryDate: '2026-12-24', mode: 'ocean' as const };

  it('charges the formal MPF on the entry total within the per-entry bounds, and HMF uncapped', () => {
    const fees = entryFees(rules, { ...entry, entryType: '01', lineValues: values('150000', '150000', '150000') });
    expect(fees).toMatchObject({ value: '450000.00', total: '1233.36' });
    expect(fees.mpf).toMatchObject({ status: 'applies', amount: '670.86', lineShares: ['223.62', '223.62', '223.62'] });
    expect(fees.hmf).toMatchObject({ status: 'applies', amount: '562.50' });
    expect(lineFeeShare(fees, 0)).toBe('411.12');
    // A formal entry of a low value pays the minimum; without an entry type, it may enter informally.
    expect(entryFees(rules, { ...entry, entryType: '01', lineValues: values('100') }).mpf.amount).toBe('34.58');
    expect(entryFees(rules, { ...entry, entryType: null, lineValues: values('100') }).mpf.status).toBe('unresolved');
  });

  it('leaves unresolved what is not known: the informal fee, a fiscal year not held, a line without a value', () => {
    const informal = entryFees(rules, { ...entry, entryType: '11', lineValues: values('1800') });
    expect(informal.mpf).toMatchObject({
      status: 'unresolved',
      amount: null,
      citations: [{ ref: '19 CFR 24.23(b)(2)' }],
    });
    expect(informal.total).toBeNull();
    expect(lineFeeShare(informal, 0)).toBeNull();
    const old = entryFees(rules, { ...entry, entryDate: '2019-05-01', entryType: '01', lineValues: values('5000') });
    expect(old.mpf.reason).toBe('no MPF minimum and maximum in our data for the fiscal year of 2019-05-01');
    const unknown = entryFees(rules, { ...entry, entryType: '01', lineValues: [new Decimal(10), null] });
    expect(unknown).toMatchObject({
      value: null,
      total: null,
      mpf: { status: 'unresolved', lineShares: [null, null] },
    });
    expect(unknown.hmf.reason).toBe("line 2 has no value in USD, so the entry's value is unknown");
    // By air the HMF is not charged: the line's share is its MPF share alone.
    const air = entryFees(rules, {
      entryDate: '2026-12-24',
      mode: 'air',
      entryType: '01',
      lineValues: values('200000'),
    });
    expect(air.hmf.status).toBe('not_applicable');
    expect(lineFeeShare(air, 0)).toBe('670.86');
  });
});
