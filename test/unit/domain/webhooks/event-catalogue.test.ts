import { checkSubscriptions, subscribesTo } from '../../../../src/domain/webhooks/event-catalogue';
import { maxAttempts, retryDelayMs, retryDelaysMs } from '../../../../src/domain/webhooks/retry-schedule';

describe('subscriptions', () => {
  it('matches every event, a family, or one type; delivery is by type, so a new verb of a family needs no change', () => {
    expect(subscribesTo(['*'], 'invoice.paid')).toBe(true);
    expect(subscribesTo(['shipment.*'], 'shipment.anything_new')).toBe(true);
    expect(subscribesTo(['shipment.*'], 'shipments.created')).toBe(false);
    expect(subscribesTo(['container.arrived'], 'container.updated')).toBe(false);
    // EDI's types have three parts: the family catches both, the full type only itself.
    expect(subscribesTo(['edi.*'], 'edi.interchange.rejected')).toBe(true);
    expect(subscribesTo(['edi.interchange.received'], 'edi.interchange.rejected')).toBe(false);
    expect(checkSubscriptions(['edi.interchange.rejected'])).toEqual(['edi.interchange.rejected']);
    expect(() => checkSubscriptions(['edi.interchange.rejected.again'])).toThrow('is not an event type');
  });

  it('refuses unknown families and malformed patterns, naming the entry', () => {
    expect(checkSubscriptions(['container.*', 'container.*', 'tariff.changed'])).toEqual([
      'container.*',
      'tariff.changed',
    ]);
    expect(() => checkSubscriptions(['*', 'parcel.quoted'])).toThrow(
      expect.objectContaining({ issues: [{ field: 'events/1', message: 'unknown event type' }] }),
    );
    expect(() => checkSubscriptions(['container'])).toThrow('is not an event type');
  });
});

describe('retry schedule', () => {
  it('spreads about three days of retries, each wait within a fifth of its step', () => {
    const total = retryDelaysMs.reduce((sum, ms) => sum + ms, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(3.5);
    expect(retryDelayMs(1, () => 0)).toBe(4000);
    expect(retryDelayMs(1, () => 0.999999)).toBe(6000);
    expect(retryDelayMs(maxAttempts - 1, () => 0.5)).toBe(retryDelaysMs[retryDelaysMs.length - 1]);
    expect(retryDelayMs(maxAttempts, () => 0.5)).toBeNull();
  });
});
