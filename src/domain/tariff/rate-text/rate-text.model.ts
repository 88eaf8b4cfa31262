/**
 * Typed forms of the HTS rate-of-duty texts (general, special and column 2 columns, and the
 * Chapter 99 headings). Amounts are exact decimal strings in US dollars; a "¢" amount is converted to
 * dollars without rounding. Every parsed value keeps the text it came from, so nothing is ever lost.
 */

/** One additive part of a rate: `6.5%` or `1¢/kg`, possibly qualified (`on the case`, `on drained weight`). */
export type RateTerm = AdValoremTerm | SpecificTerm;

export interface AdValoremTerm {
  kind: 'ad_valorem';
  /** Percent as a decimal string: `6.5` for 6.5%. */
  percent: string;
  /**
   * The part of the value this percentage applies to when it is not the whole customs value
   * (`the case`, `the value of the lead content`, `the fair retail value`).
   */
  on?: string;
}

export interface SpecificTerm {
  kind: 'specific';
  /** US dollars per unit, exact: `0.01` for 1¢. */
  amount: string;
  currency: 'USD';
  /** Canonical unit (see rate-units.ts), e.g. `kg`, `liter`, `No.`, `doz.`. */
  unit: string;
  /** The unit as written in the text, for display. */
  unitText: string;
  /** What the quantity is measured on when it is not the goods as declared (`drained weight`, `copper content`). */
  on?: string;
}

/** The polarimeter sliding scale of chapter 17 (sugar): a rate per kg reduced per degree under 100°. */
export interface PolarizationScale {
  kind: 'polarization_scale';
  raw: string;
  /** USD/kg at 100 degrees. */
  amountAt100: string;
  /** USD/kg removed for each degree under 100. */
  decrementPerDegree: string;
  /** USD/kg floor. */
  minimum: string;
  unit: 'kg';
}

export type RateExpression =
  | { kind: 'free'; raw: string; proviso?: string }
  | { kind: 'ad_valorem'; raw: string; term: AdValoremTerm }
  | { kind: 'specific'; raw: string; term: SpecificTerm }
  | { kind: 'compound'; raw: string; terms: RateTerm[]; proviso?: string }
  | PolarizationScale
  /** Chapter 99: "The duty provided in the applicable subheading + 25%" (additional terms, or a reduction). */
  | { kind: 'applicable_subheading'; raw: string; additional: RateTerm[]; minusPercent?: string }
  /** Chapter 99: the column is unchanged by this heading. */
  | { kind: 'no_change'; raw: string }
  /** The rate is defined by another provision or note (`The rate applicable to each garment …`). */
  | { kind: 'reference'; raw: string; refersTo: string }
  | Unparseable;

export interface Unparseable {
  kind: 'unparseable';
  raw: string;
  /** Always true: unparseable text is kept and flagged, never read as 0. */
  flagged: true;
  reason: string;
}

/** One `rate (programs)` group of the special column: `Free (A+,AU,BH)`. */
export interface SpecialOffer {
  rate: RateExpression;
  /** Special program indicators (SPI) the rate is available under; `all` when the text names none. */
  programs: string[] | 'all';
}

/** A `See 9822.04.01-9822.04.03 (AU)` pointer: the rate for those programs is in another provision. */
export interface SpecialReference {
  provisions: string;
  programs: string[];
}

export type SpecialColumn =
  | { kind: 'special'; raw: string; offers: SpecialOffer[]; references: SpecialReference[] }
  | { kind: 'none'; raw: '' }
  | Unparseable;

export type RateColumnName = 'general' | 'special' | 'column2';
