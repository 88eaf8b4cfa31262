import Decimal from 'decimal.js';
import { parseRateExpression } from '../../../../../src/domain/tariff/rate-text/parse-rate-text';
import { rateAmount } from '../../../../../src/domain/tariff/rate-text/rate-amount';
import { canonicalUnit } from '../../../../../src/domain/tariff/rate-text/rate-units';
import { quantityUnitCodes } from '../../../../../src/domain/tariff/rate-text/unit-codes';
import { linesFromUsitcCsv } from '../../../../support/hts-csv-line-source';
import { realHtsFile } from '../../../../support/hts-fixtures';

const priced = (text: string, value: string, unit: string) =>
  rateAmount(parseRateExpression(text), {
    value: new Decimal(10000),
    quantities: [{ value: new Decimal(value), unit: canonicalUnit(unit) as string }],
  });

describe('unit-of-quantity codes as importers write them', () => {
  it('reads every code as the schedule unit it stands for, whatever its case', () => {
    for (const [code, scheduleUnit] of quantityUnitCodes) {
      expect(canonicalUnit(code)).toBe(canonicalUnit(scheduleUnit));
      expect(canonicalUnit(code.toLowerCase())).toBe(canonicalUnit(scheduleUnit));
    }
    expect(canonicalUnit('DPR')).toBe('doz. pr.');
    expect(canonicalUnit('DOZ. PRS.')).toBe('doz. pr.');
    expect(canonicalUnit('DOZ PRS')).toBe('doz. pr.');
    expect(canonicalUnit('NO')).toBe('No.');
    expect(canonicalUnit('M2')).toBe('m2');
  });

  it('names only units the schedule itself uses (every one is a unit of some line of 2026 Rev 4)', () => {
    const scheduleUnits = new Set(
      linesFromUsitcCsv(realHtsFile('hts_2026_revision_4_csv.csv')).flatMap((l) => l.units),
    );
    const missing = quantityUnitCodes.filter(([, unit]) => !scheduleUnits.has(unit)).map(([code]) => code);
    expect(missing).toEqual([]);
  });

  it('prices a specific rate from a quantity written as a code', () => {
    // 12 dozen pairs are 144 pairs; 1 dozen pieces is 1 dozen.
    expect(priced('2¢/pr.', '12', 'DPR')).toEqual({ status: 'resolved', amount: new Decimal('2.88') });
    expect(priced('$1.35/doz.', '10', 'DOZ')).toEqual({ status: 'resolved', amount: new Decimal('13.5') });
    expect(priced('$1.35/doz.', '10', 'DPC')).toEqual({ status: 'resolved', amount: new Decimal('13.5') });
    expect(priced('1¢/kg', '500', 'KG')).toEqual({ status: 'resolved', amount: new Decimal('5') });
    expect(priced('37.5¢/liter', '4', 'LTR')).toEqual({ status: 'resolved', amount: new Decimal('1.5') });
  });

  it('leaves content units unknown rather than reading them as their whole-goods unit', () => {
    for (const code of ['CKG', 'CYK', 'GKG', 'CGM', 'CTN', 'X']) expect(canonicalUnit(code)).toBeNull();
  });
});
