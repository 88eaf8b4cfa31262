import Decimal from 'decimal.js';
import { CountryGroups } from '../countries/country-directory';
import { compileFees, type CompiledFees } from './compiled-fees';
import { ProductScopeMatcher } from './product-scope';
import type { BaseRatesFile, CountryScope, MeasureExemption } from './rule-schema';
import type { AdcvdCase, LoadedMeasure, TariffRuleSet } from './rule-set';

const noCases: ReadonlyArray<{ index: number; entry: AdcvdCase }> = [];
/** Code and origin pairs whose scoped measures are kept (about a megabyte at most). */
const maxScopedPairs = 20_000;

export interface CompiledExemption extends MeasureExemption {
  productsMatcher: ProductScopeMatcher | null;
}

/** A possible exemption note, with the product scope of the annex list it is for (null: every line). */
export interface CompiledPossibleExemption {
  note: { heading?: string; text: string };
  countries?: CountryScope;
  productsMatcher: ProductScopeMatcher | null;
}

export interface CompiledMeasure {
  /** Position in the rule files. */
  order: number;
  measure: LoadedMeasure;
  /** The rate's percent as a fraction of the basis (7.5% → 0.075); null for a prohibition. */
  fraction: Decimal | null;
  products: ProductScopeMatcher;
  exemptions: CompiledExemption[];
  possibleExemptions: CompiledPossibleExemption[];
  confirmations: Array<LoadedMeasure['confirmations'][number] & { productsMatcher: ProductScopeMatcher }>;
}

export interface CandidateQuery {
  code: string;
  country: string;
  entryDate: string;
  arrivalDate: string;
}

/**
 * The in-memory index the engine runs on: built once from a rule set (at start and after each
 * import), so a calculation touches no database.
 */
export class TariffRules {
  readonly version: string;
  /** Rates in lieu of column 2, with their product scopes compiled. */
  readonly column2InLieu: Array<BaseRatesFile['column2_in_lieu'][number] & { matcher: ProductScopeMatcher }>;
  readonly groups: CountryGroups;
  readonly fees: CompiledFees;
  private readonly compiled: CompiledMeasure[];
  /** Measures without a country inclusion (any origin), and measures by each origin they can include. */
  private readonly anyOrigin: CompiledMeasure[] = [];
  private readonly byOrigin = new Map<string, CompiledMeasure[]>();
  /** Per origin, the measures whose country scope can include it (made on first use). */
  private readonly possibleByOrigin = new Map<string, Set<CompiledMeasure>>();
  /**
   * Measures by each HTS prefix their product scope includes, and the measures whose scope covers
   * every product: a code can only be in the scope of those two kinds, so a calculation looks at a
   * handful of measures instead of every measure of its origin.
   */
  private readonly byIncludedPrefix = new Map<string, CompiledMeasure[]>();
  private readonly everyProduct: CompiledMeasure[] = [];
  /**
   * Per HTS code and origin, the measures whose product and country scopes can cover it at some
   * date, in rule-file order: importers price the same lines from the same origins again and again,
   * so each pair is worked out once; the dated checks still run per calculation. Bounded: emptied
   * when full.
   */
  private readonly scopedByCodeAndOrigin = new Map<string, CompiledMeasure[]>();
  /** AD/CVD cases by origin, then by each HTS prefix their scope names (a case once per prefix), with each case's place in the list. */
  private readonly adcvdByCountry = new Map<string, Map<string, Array<{ index: number; entry: AdcvdCase }>>>();
  /** The lengths of the AD/CVD prefixes, shortest first: only prefixes of those lengths are looked up. */
  private readonly adcvdPrefixLengths: number[];

  constructor(readonly ruleSet: TariffRuleSet) {
    this.version = ruleSet.version;
    this.groups = new CountryGroups(ruleSet.countryGroups);
    this.fees = compileFees(ruleSet.fees);
    this.column2InLieu = ruleSet.baseRates.column2_in_lieu.map((entry) => ({
      ...entry,
      matcher: new ProductScopeMatcher(entry.products, ruleSet.lists),
    }));
    this.compiled = ruleSet.measures.map((measure, order) => ({
      order,
      measure,
      fraction: measure.rate.kind === 'prohibition' ? null : new Decimal(measure.rate.percent).dividedBy(100),
      products: new ProductScopeMatcher(measure.products, ruleSet.lists),
      exemptions: measure.exemptions.map((exemption) => ({
        ...exemption,
        productsMatcher: exemption.products ? new ProductScopeMatcher(exemption.products, ruleSet.lists) : null,
      })),
      possibleExemptions: measure.possible_exemptions.map(({ heading, text, countries, products }) => ({
        note: { ...(heading ? { heading } : {}), text },
        ...(countries ? { countries } : {}),
        productsMatcher: products ? new ProductScopeMatcher(products, ruleSet.lists) : null,
      })),
      confirmations: measure.confirmations.map((confirmation) => ({
        ...confirmation,
        productsMatcher: new ProductScopeMatcher(confirmation.products, ruleSet.lists),
      })),
    }));
    for (const compiled of this.compiled) {
      if (compiled.products.coversAll) this.everyProduct.push(compiled);
      for (const prefix of compiled.products.includedPrefixes()) {
        const measures = this.byIncludedPrefix.get(prefix);
        if (measures) measures.push(compiled);
        else this.byIncludedPrefix.set(prefix, [compiled]);
      }
      const include = compiled.measure.countries.include;
      if (!include) {
        this.anyOrigin.push(compiled);
        continue;
      }
      // Every country a reference can ever include (group membership at any date); the exact, dated
      // check still runs per request.
      const origins = new Set(include.flatMap((ref) => this.groups.everCovered(ref)));
      for (const origin of origins) this.byOrigin.set(origin, [...(this.byOrigin.get(origin) ?? []), compiled]);
    }
    ruleSet.adcvdCases.forEach((entry, index) => {
      let byPrefix = this.adcvdByCountry.get(entry.country);
      if (!byPrefix) this.adcvdByCountry.set(entry.country, (byPrefix = new Map()));
      for (const prefix of new Set(entry.htsPrefixes))
        byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), { index, entry }]);
    });
    this.adcvdPrefixLengths = [
      ...new Set(ruleSet.adcvdCases.flatMap((entry) => entry.htsPrefixes.map((prefix) => prefix.length))),
    ].sort((a, b) => a - b);
  }

  /**
   * Measures in force on their date basis whose country and product scopes cover the article, in
   * rule-file order, so components come out in a stable, readable order.
   */
  candidates(query: CandidateQuery): CompiledMeasure[] {
    return this.scopedFor(query.code, query.country).filter((compiled) => this.covers(compiled, query));
  }

  private scopedFor(code: string, country: string): CompiledMeasure[] {
    const key = `${code} ${country}`;
    let scoped = this.scopedByCodeAndOrigin.get(key);
    if (scoped) return scoped;
    const possible = this.possibleFor(country);
    const found = new Set<CompiledMeasure>(this.everyProduct.filter((compiled) => possible.has(compiled)));
    for (let length = 2; length <= code.length; length += 1) {
      for (const compiled of this.byIncludedPrefix.get(code.slice(0, length)) ?? [])
        if (possible.has(compiled)) found.add(compiled);
    }
    scoped = [...found].sort((a, b) => a.order - b.order);
    if (this.scopedByCodeAndOrigin.size >= maxScopedPairs) this.scopedByCodeAndOrigin.clear();
    this.scopedByCodeAndOrigin.set(key, scoped);
    return scoped;
  }

  private covers({ measure, products }: CompiledMeasure, query: CandidateQuery): boolean {
    const date = measure.date_basis === 'arrival' ? query.arrivalDate : query.entryDate;
    if (date < measure.effective_from || (measure.effective_to !== undefined && date >= measure.effective_to))
      return false;
    return this.groups.inScope(measure.countries, query.country, date) && products.matches(query.code, date);
  }

  private possibleFor(country: string): Set<CompiledMeasure> {
    let possible = this.possibleByOrigin.get(country);
    if (!possible) {
      possible = new Set([...this.anyOrigin, ...(this.byOrigin.get(country) ?? [])]);
      this.possibleByOrigin.set(country, possible);
    }
    return possible;
  }

  measureById(id: string): LoadedMeasure | undefined {
    return this.ruleSet.measures.find((measure) => measure.id === id);
  }

  /** Active AD/CVD cases whose HTS prefixes and country match, in the list's order. */
  adcvdCases(code: string, country: string, date: string): AdcvdCase[] {
    const byPrefix = this.adcvdByCountry.get(country);
    if (!byPrefix) return [];
    const found: Array<{ index: number; entry: AdcvdCase }> = [];
    for (const length of this.adcvdPrefixLengths) {
      if (length > code.length) break;
      for (const item of byPrefix.get(code.slice(0, length)) ?? noCases) {
        const { entry } = item;
        if (
          (entry.orderDate !== undefined && date < entry.orderDate) ||
          (entry.revokedDate !== undefined && date >= entry.revokedDate)
        )
          continue;
        if (!found.some((other) => other.index === item.index)) found.push(item);
      }
    }
    return found.sort((a, b) => a.index - b.index).map((item) => item.entry);
  }
}
