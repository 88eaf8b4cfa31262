import { compareFreightModes } from '../../../../src/domain/loadplan/freight-mode';

const usd = (amount: string) => ({ amount, currency: 'USD' });

describe('compareFreightModes', () => {
  it('prices LCL per W/M and FCL per container, and recommends the cheaper', () => {
    const answer = compareFreightModes({
      cargoVolumeM3: 18.2,
      cargoWeightKg: 6000,
      fragile: false,
      excluded: [],
      containers: ['20GP'],
      pricing: { lclPerCubicMetre: usd('95.00'), fcl: { '20GP': usd('1500.00') } },
    });
    expect(answer).toMatchObject({
      chargeableWM: 18.2,
      lclCost: usd('1729.00'),
      fcl: { cost: usd('1500.00'), containers: [{ type: '20GP', count: 1, unitPrice: usd('1500.00') }] },
      breakevenCubicMetres: 15.789,
      recommendation: 'fcl',
      basis: 'prices',
    });
  });

  it('charges by weight when tonnes exceed cubic metres, rounding the W/M up', () => {
    const answer = compareFreightModes({
      cargoVolumeM3: 2.5,
      cargoWeightKg: 4200.2,
      fragile: false,
      excluded: [],
      containers: ['20GP'],
      pricing: { lclPerCubicMetre: usd('80'), fcl: { '20GP': usd('1500') } },
    });
    expect(answer.chargeableWM).toBe(4.201);
    expect(answer.lclCost).toEqual(usd('336.08'));
    expect(answer.recommendation).toBe('lcl');
  });

  it('bills at least one W/M', () => {
    const answer = compareFreightModes({
      cargoVolumeM3: 0.2,
      cargoWeightKg: 50,
      fragile: false,
      excluded: [],
      containers: ['20GP'],
      pricing: { lclPerCubicMetre: usd('80') },
    });
    expect(answer.chargeableWM).toBe(1);
    expect(answer.lclCost).toEqual(usd('80.00'));
  });

  it('adds up every container of the FCL option', () => {
    const answer = compareFreightModes({
      cargoVolumeM3: 90,
      cargoWeightKg: 20000,
      fragile: false,
      excluded: [],
      containers: ['40HC', '40HC', '20GP'],
      pricing: { lclPerCubicMetre: usd('70'), fcl: { '40HC': usd('2400.50'), '20GP': usd('1300') } },
    });
    expect(answer.fcl.cost).toEqual(usd('6101.00'));
    expect(answer.fcl.containers).toEqual([
      { type: '40HC', count: 2, unitPrice: usd('2400.50') },
      { type: '20GP', count: 1, unitPrice: usd('1300') },
    ]);
    expect(answer.recommendation).toBe('fcl');
  });

  it('falls back to the volume rule without usable prices', () => {
    const rule = (cargoVolumeM3: number, fragile = false) =>
      compareFreightModes({
        cargoVolumeM3,
        cargoWeightKg: 1000,
        fragile,
        excluded: [],
        containers: ['20GP'],
        pricing: { lclPerCubicMetre: usd('80') },
      });
    expect(rule(9)).toMatchObject({ recommendation: 'lcl', basis: 'volume_rule', fcl: { cost: null } });
    expect(rule(14)).toMatchObject({ recommendation: 'either' });
    expect(rule(14, true)).toMatchObject({ recommendation: 'fcl' });
    expect(rule(16)).toMatchObject({ recommendation: 'fcl' });
    expect(rule(16).explanation).toMatch(/no FCL price/);
  });

  it('calls equal costs a tie', () => {
    const answer = compareFreightModes({
      cargoVolumeM3: 20,
      cargoWeightKg: 1000,
      fragile: false,
      excluded: [],
      containers: ['20GP'],
      pricing: { lclPerCubicMetre: usd('75'), fcl: { '20GP': usd('1500') } },
    });
    expect(answer.recommendation).toBe('either');
    expect(answer.breakevenCubicMetres).toBe(20);
  });
});
