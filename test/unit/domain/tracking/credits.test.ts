import {
  chargeForSubscription,
  discountPercent,
  hasEnoughCredits,
  quoteCredits,
  startOfMonthUtc,
  trackingCreditPricing,
  validateGrant,
} from '../../../../src/domain/tracking/credits';

describe('tracking credit pricing (tiers as data)', () => {
  test('Free pays the 1.50 USD list price for every credit', () => {
    expect(quoteCredits('free', 3, 500)).toEqual({
      plan: 'free',
      quantity: 3,
      currency: 'USD',
      amount: '4.50',
      lines: [{ quantity: 3, unitPrice: '1.50', amount: '4.50', discountPercent: 0 }],
    });
  });

  test('Tariff Pro is graduated across tiers within the month, down to 90% off', () => {
    const quote = quoteCredits('tariff_pro', 1000, 50);
    expect(quote.lines).toEqual([
      { quantity: 50, unitPrice: '1.20', amount: '60.00', discountPercent: 20 },
      { quantity: 900, unitPrice: '0.75', amount: '675.00', discountPercent: 50 },
      { quantity: 50, unitPrice: '0.45', amount: '22.50', discountPercent: 70 },
    ]);
    expect(quote.amount).toBe('757.50');
    expect(quoteCredits('tariff_pro', 1, 10_000).lines[0]).toMatchObject({ unitPrice: '0.15', discountPercent: 90 });
    expect(Math.max(...trackingCreditPricing.tiers.tariff_pro.map((t) => discountPercent(t.unitPrice)))).toBe(90);
  });

  test('one subscription costs one credit at the current tier; a business plan covers its own shipments', () => {
    expect(chargeForSubscription('free', 0, false)).toEqual({
      covered: false,
      credits: '1.00',
      unitPrice: '1.50',
      currency: 'USD',
      discountPercent: 0,
    });
    expect(chargeForSubscription('tariff_pro', 100, false)).toMatchObject({ unitPrice: '0.75', discountPercent: 50 });
    expect(chargeForSubscription('tariff_pro', 99, false)).toMatchObject({ unitPrice: '1.20' });
    expect(chargeForSubscription('business', 0, true)).toEqual({
      covered: true,
      credits: '0.00',
      reason: 'own_shipment',
    });
    // Business buys at Tariff Pro's tiers when the container is not its own shipment's.
    expect(chargeForSubscription('business', 0, false)).toMatchObject({ covered: false, unitPrice: '1.20' });
    expect(chargeForSubscription('free', 0, true)).toMatchObject({ covered: false, unitPrice: '1.50' });
    expect(chargeForSubscription('tariff_pro', 0, true)).toMatchObject({ covered: false, unitPrice: '1.20' });
  });

  test('balance checks and grants are exact decimals', () => {
    expect(hasEnoughCredits('1.00', '1.00')).toBe(true);
    expect(hasEnoughCredits('0.99', '1.00')).toBe(false);
    expect(validateGrant('25')).toBe('25.00');
    expect(() => validateGrant('0')).toThrow('positive');
    expect(() => validateGrant('1.005')).toThrow('decimals');
  });

  test('the month starts at 00:00 UTC on the 1st', () => {
    expect(new Date(startOfMonthUtc(Date.parse('2026-11-22T23:59:00-05:00'))).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });
});
