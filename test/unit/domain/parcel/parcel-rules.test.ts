import { estimatedDeliveryDate, isHoliday } from '../../../../src/domain/parcel/delivery-calendar';
import { CircuitBreaker } from '../../../../src/domain/parcel/carriers/http/circuit-breaker';
import { OAuthTokenCache } from '../../../../src/domain/shared/oauth-token-cache';
import { applyPercent, centsToDecimal, decimalToCents } from '../../../../src/domain/parcel/money';
import { zoneByDistance } from '../../../../src/domain/parcel/zones';

describe('money', () => {
  it('converts decimal strings and database numbers to cents exactly', () => {
    expect([
      decimalToCents('12.34'),
      decimalToCents('7.5'),
      decimalToCents('3'),
      decimalToCents(88.9),
      decimalToCents(0.07),
    ]).toEqual([1234, 750, 300, 8890, 7]);
    expect(() => decimalToCents('1.234')).toThrow();
    expect([centsToDecimal(1234), centsToDecimal(5), centsToDecimal(-250)]).toEqual(['12.34', '0.05', '-2.50']);
  });

  it('applies a percentage half-up to the cent', () => {
    expect(applyPercent(2750, 2750)).toBe(756); // 7.5625
    expect(applyPercent(200, 2500)).toBe(50);
    expect(applyPercent(2, 2500)).toBe(1); // 0.5 rounds up
  });
});

describe('distance bands', () => {
  it('maps great-circle miles to USPS zones 1–8 and FedEx/UPS zones 2–8', () => {
    const miles = [17, 50, 51, 150, 151, 359, 601, 1001, 1447, 1801, 2140];
    expect(miles.map((m) => zoneByDistance('usps', m))).toEqual([
      '1',
      '1',
      '2',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '8',
    ]);
    expect(miles.map((m) => zoneByDistance('fedex', m))).toEqual([
      '2',
      '2',
      '2',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '8',
    ]);
  });
});

describe('delivery calendar', () => {
  it('computes holidays by rule, with weekend holidays observed on the nearest weekday', () => {
    expect(isHoliday('ups', '2026-11-26')).toBe(true); // Thanksgiving
    expect(isHoliday('ups', '2026-07-03')).toBe(true); // 4 July 2026 is a Saturday
    expect(isHoliday('fedex', '2027-12-31')).toBe(true); // 1 January 2028 is a Saturday
    expect(isHoliday('usps', '2026-11-11')).toBe(true); // Veterans Day
    expect(isHoliday('ups', '2026-11-11')).toBe(false);
    expect(isHoliday('usps', '2026-01-19')).toBe(true); // Martin Luther King Jr. Day
  });

  it('counts delivery days after the first operating day, skipping Sundays, holidays and (Mon–Fri services) Saturdays', () => {
    expect(estimatedDeliveryDate('ups', 'mon_fri', '2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(estimatedDeliveryDate('usps', 'mon_sat', '2026-11-20', 1)).toBe('2026-11-21'); // USPS delivers Saturday
    expect(estimatedDeliveryDate('ups', 'mon_fri', '2026-11-22', 1)).toBe('2026-11-24'); // Sunday ship counts from Monday
    expect(estimatedDeliveryDate('fedex', 'mon_fri', '2026-12-24', 1)).toBe('2026-12-28'); // Christmas
    expect(estimatedDeliveryDate('usps', 'mon_sat', '2026-11-10', 2)).toBe('2026-11-13'); // Veterans Day skipped
  });
});

describe('circuit breaker', () => {
  it('opens after the threshold, allows one trial after the cooldown, and closes on success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 1000, now: () => now });
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.tryAcquire()).toBe(true);
    breaker.recordFailure();
    expect([breaker.state, breaker.tryAcquire()]).toEqual(['open', false]);
    now = 1000;
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // one trial at a time
    breaker.recordSuccess();
    expect(breaker.state).toBe('closed');
  });
});

describe('OAuth token cache', () => {
  it('shares one token request between concurrent callers and refreshes before expiry', async () => {
    let now = 0;
    let issued = 0;
    const cache = new OAuthTokenCache(
      async () => ({ accessToken: `t${++issued}`, expiresInSeconds: 3600 }),
      () => now,
      300_000,
    );
    const signal = AbortSignal.timeout(1000);
    expect(await Promise.all([cache.get(signal), cache.get(signal), cache.get(signal)])).toEqual(['t1', 't1', 't1']);
    now = 3_299_000;
    expect(await cache.get(signal)).toBe('t1');
    now = 3_300_000; // five minutes before expiry
    expect(await cache.get(signal)).toBe('t2');
    cache.invalidate();
    expect(await cache.get(signal)).toBe('t3');
  });
});
