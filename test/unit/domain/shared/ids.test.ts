import { newId } from '../../../../src/domain/shared/ids';

const idPattern = /^alr_[0-9a-hjkmnp-tv-z]{26}$/;

describe('newId', () => {
  it('is the type prefix and 26 Crockford base32 characters', () => {
    expect(newId('alr')).toMatch(idPattern);
  });

  it('sorts by the time it was made, and in order within one millisecond', () => {
    const earlier = newId('evt', Date.UTC(2026, 10, 24, 12, 0, 0, 0));
    const sameMs = Array.from({ length: 50 }, () => newId('evt', Date.UTC(2026, 10, 24, 12, 0, 0, 1)));
    const later = newId('evt', Date.UTC(2026, 10, 24, 12, 0, 1, 0));
    const made = [earlier, ...sameMs, later];
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });
});
