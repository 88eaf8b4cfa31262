/** True for a real calendar date written YYYY-MM-DD: `2030-02-30` is not one (Date.parse would roll it over). */
export function isCalendarDate(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
