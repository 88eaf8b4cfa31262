/** How values are written into the documents we send: UTC dates and times, X12-safe free text. */
const pad2 = (n: number) => String(n).padStart(2, '0');

/** CCYYMMDD in UTC. */
export const date8 = (at: number): string => {
  const d = new Date(at);
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`;
};

/** HHMM in UTC. */
export const time4 = (at: number): string => {
  const d = new Date(at);
  return `${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}`;
};

/** X12 has no release character: a delimiter in free text becomes a space. */
export const x12Text = (text: string): string => text.replace(/[*~>^]/g, ' ');
