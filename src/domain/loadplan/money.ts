import { Money } from './model';

/** Exact money in integer cents, for amounts written as decimal strings ("1234.5", "99.95"). */
export function toCents(money: Money): bigint {
  const [whole, fraction = ''] = money.amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

export function fromCents(cents: bigint, currency: string): Money {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return { amount: `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`, currency };
}

/** cents × quantity / scale, rounded half up to the cent (quantity given in 1/scale units). */
export function multiplyCents(cents: bigint, quantity: bigint, scale: bigint): bigint {
  return (cents * quantity * 2n + scale) / (2n * scale);
}
