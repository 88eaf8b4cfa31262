/**
 * ISO 6346 freight container numbers: owner code (3 letters), equipment category (U, J or Z),
 * 6-digit serial and a check digit. Input is normalised first (case, spaces, dashes and the box
 * some documents draw around the check digit), so "msku 123456-5" and "MSKU1234565" are the same.
 */

export type ContainerNumberProblem = 'format' | 'category' | 'check_digit';

export type ContainerNumberCheck =
  | { valid: true; number: string; ownerCode: string; category: 'U' | 'J' | 'Z'; serial: string; checkDigit: number }
  | { valid: false; normalised: string; problem: ContainerNumberProblem; message: string; expectedCheckDigit?: number };

/** Letter values count up from A=10 and skip multiples of 11 (ISO 6346 Annex A). */
const letterValues: Readonly<Record<string, number>> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

export function normaliseContainerNumber(raw: string): string {
  return raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Check digit of the first ten characters: Σ value·2^i mod 11, where 10 counts as 0. */
export function iso6346CheckDigit(firstTen: string): number {
  if (!/^[A-Z]{4}\d{6}$/.test(firstTen)) throw new Error(`not an owner code, category and serial: "${firstTen}"`);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = firstTen[i];
    sum += (/[A-Z]/.test(ch) ? letterValues[ch] : Number(ch)) * 2 ** i;
  }
  return (sum % 11) % 10;
}

export function checkContainerNumber(raw: string): ContainerNumberCheck {
  const normalised = normaliseContainerNumber(raw);
  if (!/^[A-Z]{4}\d{7}$/.test(normalised)) {
    return {
      valid: false,
      normalised,
      problem: 'format',
      message: 'A container number is 4 letters and 7 digits, e.g. CSQU3054383.',
    };
  }
  const category = normalised[3];
  const expected = iso6346CheckDigit(normalised.slice(0, 10));
  if (category !== 'U' && category !== 'J' && category !== 'Z') {
    return {
      valid: false,
      normalised,
      problem: 'category',
      message: `The fourth letter is the equipment category and must be U, J or Z, not ${category}.`,
    };
  }
  const given = Number(normalised[10]);
  if (given !== expected) {
    return {
      valid: false,
      normalised,
      problem: 'check_digit',
      expectedCheckDigit: expected,
      message: `Check digit of ${normalised.slice(0, 10)} is ${expected}, not ${given}.`,
    };
  }
  return {
    valid: true,
    number: normalised,
    ownerCode: normalised.slice(0, 3),
    category,
    serial: normalised.slice(4, 10),
    checkDigit: expected,
  };
}
