/**
 * Exact decimal amounts as strings ("1.50"), computed in scaled BigInt integers, never in floats.
 */

export function toScaled(value: string | number, scale: number): bigint {
  const text = typeof value === 'number' ? value.toFixed(scale) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a decimal: "${value}"`);
  const fraction = (match[3] ?? '').padEnd(scale, '0');
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) {
    throw new Error(`${value} has more than ${scale} decimals`);
  }
  const scaled = BigInt(match[2] + fraction.slice(0, scale));
  return match[1] ? -scaled : scaled;
}

export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Normalises a decimal to a fixed number of places ("1.5" → "1.50"). */
export function decimal(value: string | number, scale = 2): string {
  return fromScaled(toScaled(value, scale), scale);
}

export function addDecimals(a: string, b: string, scale = 2): string {
  return fromScaled(toScaled(a, scale) + toScaled(b, scale), scale);
}

export function compareDecimals(a: string, b: string, scale = 2): number {
  const d = toScaled(a, scale) - toScaled(b, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** a × b rounded half-up to `scale` places (e.g. quantity × unit price). */
export function multiplyDecimals(a: string, b: string, scale = 2): string {
  const aScale = (a.split('.')[1] ?? '').length;
  const bScale = (b.split('.')[1] ?? '').length;
  const product = toScaled(a, aScale) * toScaled(b, bScale);
  const shift = aScale + bScale - scale;
  if (shift <= 0) return fromScaled(product * 10n ** BigInt(-shift), scale);
  const divisor = 10n ** BigInt(shift);
  const half = divisor / 2n;
  const rounded = product >= 0n ? (product + half) / divisor : (product - half) / divisor;
  return fromScaled(rounded, scale);
}
