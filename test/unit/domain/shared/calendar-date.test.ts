import { isCalendarDate } from '../../../../src/domain/shared/calendar-date';

/** What the check must agree with: the date the calendar itself gives back for the same day. */
const calendarSays = (text: string): boolean => {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
};

describe('isCalendarDate', () => {
  it('takes real days, leap days included', () => {
    for (const text of ['2026-01-01', '2026-12-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(text)).toBe(true);
  });

  it('refuses days the calendar would roll over, and other forms', () => {
    for (const text of [
      '2026-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '2026/01/01',
      '',
    ]) {
      expect(isCalendarDate(text)).toBe(false);
    }
  });

  it('agrees with the calendar on every day of every month of a century of years', () => {
    const disagreements: string[] = [];
    for (let year = 1990; year <= 2110; year += 1) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          if (isCalendarDate(text) !== calendarSays(text)) disagreements.push(text);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});
