import type { Carrier } from './model';
import type { DeliveryWeek } from './service-definition';

/**
 * Business-day arithmetic for estimated delivery dates. Holidays are computed from their rules, so
 * every year works without a table:
 * - USPS closes on the eleven federal holidays;
 * - UPS and FedEx close on six: New Year's Day, Memorial Day, Independence Day, Labor Day,
 *   Thanksgiving and Christmas.
 * A holiday on a Saturday is observed on the Friday, on a Sunday on the Monday, as for federal
 * offices. Sundays never count; Saturdays count only for a service that delivers Mon–Sat. Transit
 * days are counted from the first operating day on or after the ship date.
 */

type HolidayRule = (year: number) => Date;

const fixed =
  (month: number, day: number): HolidayRule =>
  (year) =>
    observed(new Date(Date.UTC(year, month - 1, day)));
/** nth (1-based) weekday of a month; n = -1 for the last. */
const nthWeekday =
  (month: number, weekday: number, n: number): HolidayRule =>
  (year) => {
    if (n > 0) {
      const first = new Date(Date.UTC(year, month - 1, 1));
      const offset = (weekday - first.getUTCDay() + 7) % 7;
      return new Date(Date.UTC(year, month - 1, 1 + offset + (n - 1) * 7));
    }
    const last = new Date(Date.UTC(year, month, 0));
    return new Date(Date.UTC(year, month - 1, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7)));
  };

function observed(date: Date): Date {
  const day = date.getUTCDay();
  if (day === 6) return addDays(date, -1);
  if (day === 0) return addDays(date, 1);
  return date;
}

const newYear = fixed(1, 1);
const memorial = nthWeekday(5, 1, -1);
const independence = fixed(7, 4);
const labor = nthWeekday(9, 1, 1);
const thanksgiving = nthWeekday(11, 4, 4);
const christmas = fixed(12, 25);

const holidayRules: Record<Carrier, HolidayRule[]> = {
  usps: [
    newYear,
    nthWeekday(1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(2, 1, 3), // Washington's Birthday
    memorial,
    fixed(6, 19), // Juneteenth
    independence,
    labor,
    nthWeekday(10, 1, 2), // Columbus Day
    fixed(11, 11), // Veterans Day
    thanksgiving,
    christmas,
  ],
  ups: [newYear, memorial, independence, labor, thanksgiving, christmas],
  fedex: [newYear, memorial, independence, labor, thanksgiving, christmas],
};

const holidayCache = new Map<string, Set<string>>();

function holidays(carrier: Carrier, year: number): Set<string> {
  const key = `${carrier}|${year}`;
  let set = holidayCache.get(key);
  if (!set) {
    // New Year's Day of the next year can be observed on 31 December.
    set = new Set([year, year + 1].flatMap((y) => holidayRules[carrier].map((rule) => isoDate(rule(y)))));
    holidayCache.set(key, set);
  }
  return set;
}

export function isOperatingDay(carrier: Carrier, week: DeliveryWeek, date: string): boolean {
  const d = parseDate(date);
  const day = d.getUTCDay();
  if (day === 0 || (day === 6 && week === 'mon_fri')) return false;
  return !holidays(carrier, d.getUTCFullYear()).has(date);
}

export function isHoliday(carrier: Carrier, date: string): boolean {
  return holidays(carrier, parseDate(date).getUTCFullYear()).has(date);
}

/** Per ship date: dates by carrier, delivery week and transit days (keys are numbers: no key text to build and hash per call). */
const deliveryDateCache = new Map<string, Map<number, string>>();
const carrierNumbers: Record<Carrier, number> = { usps: 0, ups: 1, fedex: 2 };

/** The date `transitDays` delivery days after the ship date (or after the next operating day). */
export function estimatedDeliveryDate(
  carrier: Carrier,
  week: DeliveryWeek,
  shipDate: string,
  transitDays: number,
): string {
  // Quotes ask the same few questions over and over (one ship date, a handful of transit times).
  let byShipDate = deliveryDateCache.get(shipDate);
  if (!byShipDate) {
    if (deliveryDateCache.size >= 1_000) deliveryDateCache.clear();
    deliveryDateCache.set(shipDate, (byShipDate = new Map()));
  }
  const key = transitDays * 8 + carrierNumbers[carrier] * 2 + (week === 'mon_sat' ? 1 : 0);
  let date = byShipDate.get(key);
  if (date === undefined) {
    date = countDeliveryDays(carrier, week, shipDate, transitDays);
    byShipDate.set(key, date);
  }
  return date;
}

function countDeliveryDays(carrier: Carrier, week: DeliveryWeek, shipDate: string, transitDays: number): string {
  let date = shipDate;
  while (!isOperatingDay(carrier, week, date)) date = nextDay(date);
  for (let counted = 0; counted < transitDays;) {
    date = nextDay(date);
    if (isOperatingDay(carrier, week, date)) counted++;
  }
  return date;
}

function parseDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function nextDay(date: string): string {
  return isoDate(addDays(parseDate(date), 1));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
