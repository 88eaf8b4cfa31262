import Decimal from 'decimal.js';
import type { RateExpression, RateTerm } from './rate-text.model';
import { convertQuantity } from './rate-units';
import { fractionOfPercent } from './percent';

export interface Quantity {
  value: Decimal;
  unit: string;
}

/** What a rate is applied to: the customs value in USD and any quantities the caller declared. */
export interface RateInputs {
  value: Decimal;
  quantities: readonly Quantity[];
}

/** An unrounded duty amount, or the reason it cannot be known. Never a silent zero. */
export type RateAmount = { status: 'resolved'; amount: Decimal } | { status: 'unresolved'; reason: string };

const resolved = (amount: Decimal): RateAmount => ({ status: 'resolved', amount });
const unresolved = (reason: string): RateAmount => ({ status: 'unresolved', reason });

/** Duty of one term: a percentage of the value, or an amount per unit of a declared quantity. */
export function termAmount(term: RateTerm, inputs: RateInputs): RateAmount {
  if (term.kind === 'ad_valorem') {
    if (term.on)
      return unresolved(`${term.percent}% applies to the value of ${term.on}, which the request does not give`);
    return resolved(inputs.value.times(fractionOfPercent(term.percent)));
  }
  if (term.on) {
    return unresolved(`${term.amount} USD/${term.unitText} is measured ${term.on}, which the request does not give`);
  }
  for (const quantity of inputs.quantities) {
    const converted = convertQuantity(quantity.value, quantity.unit, term.unit);
    if (converted) return resolved(converted.times(term.amount));
  }
  const given = inputs.quantities.map((quantity) => quantity.unit).join(', ');
  return unresolved(
    given
      ? `the specific rate is per ${term.unitText}; the quantities given (${given}) cannot be converted to it`
      : `the specific rate is per ${term.unitText}; a quantity in ${term.unitText} is required`,
  );
}

function sumOfTerms(terms: readonly RateTerm[], inputs: RateInputs): RateAmount {
  let total = new Decimal(0);
  const reasons: string[] = [];
  for (const term of terms) {
    const amount = termAmount(term, inputs);
    if (amount.status === 'resolved') total = total.plus(amount.amount);
    else reasons.push(amount.reason);
  }
  return reasons.length > 0 ? unresolved(reasons.join('; ')) : resolved(total);
}

/**
 * Duty of a column rate (general, special offer or column 2) for the inputs. Forms that need facts
 * the request does not carry (a polarimeter reading, the rate of another provision) are unresolved.
 */
export function rateAmount(rate: RateExpression, inputs: RateInputs): RateAmount {
  switch (rate.kind) {
    case 'free':
      return resolved(new Decimal(0));
    case 'ad_valorem':
    case 'specific':
      return termAmount(rate.term, inputs);
    case 'compound':
      if (rate.proviso) return unresolved(`the rate "${rate.raw}" has a proviso that needs facts about the article`);
      return sumOfTerms(rate.terms, inputs);
    case 'polarization_scale':
      return unresolved('the rate depends on the polarimeter reading of the sugar, which the request does not give');
    case 'reference':
      return unresolved(`the rate is defined by reference: "${rate.refersTo}"`);
    case 'applicable_subheading':
    case 'no_change':
      return unresolved(`"${rate.raw}" is a Chapter 99 text; it is applied by the measure rules, not as a base rate`);
    case 'unparseable':
      return unresolved(`the rate text "${rate.raw}" could not be read (${rate.reason})`);
  }
}
