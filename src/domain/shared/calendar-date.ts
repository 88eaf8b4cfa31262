const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in each month of a common year; February gains a day in a leap year. */
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * True for a real calendar date written YYYY-MM-DD: `2030-02-30` is not one (Date.parse would roll
 * it over). Checked with integers: every dated request asks, and parsing and formatting a Date cost
 * more than the rest of a parcel quote's checks.
 */
export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : monthDays[month - 1]);
}
