import { calculateDuty } from '../../../../../src/domain/tariff/engine/calculate-duty';
import { toDutyInput, type DutyBody } from '../../../../../src/handlers/inputs/tariff.input';
import {
  HtsCodeNotInForceError,
  InvalidTariffRequestError,
  UnknownCountryError,
  UnknownHtsCodeError,
} from '../../../../../src/domain/tariff/errors';
import { InMemoryHtsLineSource } from '../../../../../src/domain/tariff/in-memory-hts-line-source';
import { buildRuleSet } from '../../../../../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../../../../../src/domain/tariff/rules/tariff-rules';
import { fixtureRuleSources } from '../../../../support/tariff-fixtures';

// Lines copied from the USITC HTS 2026 Revision 4 CSV export (a few real rows, rates inherited).
const tShirt = {
  code: '6109100012',
  description: "Men's or boys' T-shirts",
  descriptionPath:
    "T-shirts, singlets, tank tops and similar garments, knitted or crocheted > Of cotton > Men's or boys' > T-shirts",
  units: ['doz.', 'kg'],
  general: '16.5%',
  special: 'Free (AU,BH,CL,CO,IL,JO,KR,MA,OM,P,PA,PE,S,SG)',
  column2: '90%',
  rateLineCode: '61091000',
};
const steers = {
  code: '0102294024',
  description: 'Male',
  descriptionPath: 'Live bovine animals > Cattle > Other > Other > Weighing less than 90 kg each > Male',
  units: ['No.', 'kg'],
  general: '1¢/kg',
  special: 'Free (A+,AU,BH,CL,CO,D,E,IL,JO,KR,MA,OM,P,PA,PE,S,SG)',
  column2: '5.5¢/kg',
  rateLineCode: '01022940',
};
// 2026 Rev 2 split 8541.90.00.00 into .10 and .80; held here only in the second release, to price a
// code on a date whose release lacks it.
const pvFrames = {
  code: '8541900010',
  description:
    'Frames for photovoltaic cells assembled in modules or made up into panels (as covered by subheading 8541.43.00)',
  descriptionPath: 'Diodes, transistors and similar semiconductor devices > Parts > Frames for photovoltaic cells',
  units: ['No.'],
  general: 'Free',
  special: '',
  column2: '35%',
  rateLineCode: '85419000',
};

const lines = new InMemoryHtsLineSource([
  { release: { id: '2026-rev-3', name: '2026 HTS Revision 3' }, effectiveFrom: '2026-02-12', lines: [tShirt, steers] },
  {
    release: { id: '2026-rev-4', name: '2026 HTS Revision 4' },
    effectiveFrom: '2026-02-24',
    lines: [tShirt, steers, pvFrames],
  },
]);
const rules = new TariffRules(buildRuleSet(fixtureRuleSources()));
const calculate = (request: DutyBody) =>
  calculateDuty(toDutyInput(request), { lines, rules, today: () => '2026-11-22' });

describe('calculateDuty', () => {
  it('stacks the base duty and a listed measure, with fees, release and rules version', async () => {
    const result = await calculate({
      hts_code: '6109.10.0012',
      country_code: 'vn',
      declared_value: 10000,
      mode: 'ocean',
    });
    expect(result.entryDate).toBe('2026-11-22');
    expect(result.hts).toMatchObject({ code: '6109100012', dotted: '6109.10.0012', rateLineCode: '61091000' });
    expect(result.country).toEqual({ code: 'VN', name: 'Vietnam', flag: '🇻🇳' });
    expect(result.components.map((c) => [c.id, c.status, c.amount])).toEqual([
      ['mfn', 'applies', '1650.00'],
      ['example-measure', 'applies', '2000.00'],
    ]);
    expect(result.totals).toEqual({ duty: '3650.00', dutyRatePercent: '36.5', fees: '47.14', dutyAndFees: '3697.14' });
    expect(result.fees.mpf.amount).toBe('34.64');
    expect(result.fees.hmf.amount).toBe('12.50');
    expect(result.htsRelease).toEqual({ id: '2026-rev-4', name: '2026 HTS Revision 4' });
    expect(result.rulesVersion).toBe(rules.version);
    expect(result.programs.find((p) => p.family === 'section_301')).toEqual({
      family: 'section_301',
      applies: true,
      amount: '2000.00',
      ratePercent: '20',
      headings: ['9903.99.01'],
    });
  });

  it('rounds each line half-up to cents and adds the rounded lines', async () => {
    const result = await calculate({
      hts_code: '6109100012',
      country_code: 'VN',
      declared_value: 1234.57,
      entry_date: '2026-10-01',
      mode: 'air',
    });
    // 16.5% of 1234.57 = 203.70405 → 203.70; 20% = 246.914 → 246.91.
    expect(result.components.map((c) => c.amount)).toEqual(['203.70', '246.91']);
    expect(result.totals.duty).toBe('450.61');
  });

  it('uses the special rate for a valid USMCA claim and the general rate for an ineligible one, with a warning', async () => {
    const valid = await calculate({
      hts_code: '6109100012',
      country_code: 'MX',
      claims: { special_program: 'S' },
      entry_date: '2026-10-01',
    });
    expect(valid.base).toMatchObject({ column: 'special', specialProgram: 'S', rateType: 'free' });
    const named = await calculate({
      hts_code: '6109100012',
      country_code: 'MX',
      claims: { special_program: 'usmca' },
      entry_date: '2026-10-01',
    });
    expect(named.base.specialProgram).toBe('S');
    const ineligible = await calculate({
      hts_code: '6109100012',
      country_code: 'VN',
      claims: { special_program: 'S' },
      entry_date: '2026-10-01',
    });
    expect(ineligible.base.column).toBe('general');
    expect(ineligible.warnings).toContain(
      'Products of Vietnam are not eligible for special program S (USMCA); the general rate applies.',
    );
  });

  it('uses column 2 for general note 3(b) countries', async () => {
    const result = await calculate({ hts_code: '6109100012', country_code: 'CU', entry_date: '2026-10-01' });
    expect(result.base.column).toBe('column2');
    expect(result.components[0].amount).toBe('9000.00');
  });

  it('leaves a specific rate without quantity unresolved, never zero', async () => {
    const result = await calculate({
      hts_code: '0102.29.40.24',
      country_code: 'AR',
      entry_date: '2026-10-01',
      mode: 'truck',
    });
    expect(result.components[0]).toMatchObject({ status: 'unresolved', amount: null });
    expect(result.unresolved).toEqual([
      { component: 'mfn', reason: 'the specific rate is per kg; a quantity in kg is required' },
    ]);
    expect(result.totals.duty).toBeNull();
    const withQuantity = await calculate({
      hts_code: '0102.29.40.24',
      country_code: 'AR',
      entry_date: '2026-10-01',
      quantities: [{ value: 2000, unit: 'lb' }],
    });
    expect(withQuantity.components[0].amount).toBe('9.07');
  });

  it('reports HMF as unresolved without a mode, and not charged off the ocean', async () => {
    const none = await calculate({ hts_code: '6109100012', country_code: 'VN', entry_date: '2026-10-01' });
    expect(none.fees.hmf.status).toBe('unresolved');
    expect(none.fees.total).toBeNull();
    expect(none.totals.duty).toBe('3650.00');
    const air = await calculate({ hts_code: '6109100012', country_code: 'VN', entry_date: '2026-10-01', mode: 'air' });
    expect(air.fees.hmf.status).toBe('not_applicable');
  });

  it('raises domain errors naming the field', async () => {
    await expect(calculate({ hts_code: '6109.10', country_code: 'VN' })).rejects.toMatchObject({ field: 'hts_code' });
    await expect(calculate({ hts_code: '1234.56.7890', country_code: 'VN' })).rejects.toBeInstanceOf(
      UnknownHtsCodeError,
    );
    await expect(calculate({ hts_code: '6109100012', country_code: 'XX' })).rejects.toBeInstanceOf(UnknownCountryError);
    await expect(calculate({ hts_code: '6109100012', country_code: 'VN', declared_value: -5 })).rejects.toMatchObject({
      field: 'declared_value',
    });
    await expect(calculate({ hts_code: '6109100012', country_code: 'VN', declared_value: 0 })).rejects.toMatchObject({
      field: 'declared_value',
    });
    await expect(
      calculate({ hts_code: '6109100012', country_code: 'VN', entry_date: '2026-13-01' }),
    ).rejects.toMatchObject({ field: 'entry_date' });
    await expect(
      calculate({ hts_code: '6109100012', country_code: 'VN', quantities: [{ value: 1, unit: 'furlong' }] }),
    ).rejects.toMatchObject({
      field: 'quantities/0/unit',
    });
    await expect(
      calculate({ hts_code: '6109100012', country_code: 'VN', claims: { metal_content_value: 20000 } }),
    ).rejects.toBeInstanceOf(InvalidTariffRequestError);
  });

  it('refuses a Chapter 99 number as the product, and a date before the oldest release, naming the field', async () => {
    await expect(calculate({ hts_code: '9903.03.01', country_code: 'VN' })).rejects.toMatchObject({
      field: 'hts_code',
      message: expect.stringContaining('9903.03.01 is a Chapter 99 number'),
    });
    const early = await calculate({ hts_code: '6109.10.0012', country_code: 'VN', entry_date: '2026-01-31' }).catch(
      (caught: unknown) => caught,
    );
    expect(early).toBeInstanceOf(HtsCodeNotInForceError);
    expect(early).toMatchObject({
      field: 'entry_date',
      reason: expect.stringContaining('the oldest HTS release we hold (2026 HTS Revision 3, in force from 2026-02-12)'),
    });
  });

  it('warns when the date is more than 60 days after the newest release held', async () => {
    const stale = (warnings: string[]) => warnings.filter((w) => w.includes('newest HTS release we hold'));
    const late = await calculate({ hts_code: '6109.10.0012', country_code: 'VN', entry_date: '2026-04-26' });
    expect(stale(late.warnings)).toEqual([
      "The entry date is more than 60 days after 2026 HTS Revision 4 (in force from 2026-02-24), the newest HTS release we hold: it was priced on that release, and a later release may have changed the line's rates or the Chapter 99 headings.",
    ]);
    const inTime = await calculate({ hts_code: '6109.10.0012', country_code: 'VN', entry_date: '2026-04-25' });
    expect(stale(inTime.warnings)).toEqual([]);
  });

  it('refuses a code not in force on the entry date, with the reason', async () => {
    const error = await calculate({ hts_code: '8541.90.00.10', country_code: 'VN', entry_date: '2026-02-20' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HtsCodeNotInForceError);
    expect((error as HtsCodeNotInForceError).reason).toBe(
      '8541900010 is not in 2026 HTS Revision 3, the release in force on 2026-02-20; it appears in 2026 HTS Revision 4',
    );
  });
});
