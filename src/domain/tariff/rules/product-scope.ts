import type { ProductScope } from './rule-schema';
import type { ImportedProductList } from './rule-set';

interface PrefixRule {
  include: boolean;
  from?: string;
  to?: string;
}

/**
 * Decides whether an HTS code is in a product scope: the longest matching prefix wins, and at equal
 * length an exclusion beats an inclusion. A scope without inclusions covers every product.
 */
export class ProductScopeMatcher {
  private readonly rules = new Map<string, PrefixRule[]>();
  /** No inclusions: every product is in scope but for the exclusions. */
  readonly coversAll: boolean;
  /** The lengths of the prefixes the rules name, longest first: only prefixes of those lengths are looked up. */
  private readonly prefixLengths: number[];

  constructor(scope: ProductScope, lists: Record<string, ImportedProductList>) {
    const add = (prefix: string, rule: PrefixRule) => {
      const existing = this.rules.get(prefix);
      if (existing) existing.push(rule);
      else this.rules.set(prefix, [rule]);
    };
    for (const prefix of scope.include ?? []) add(prefix, { include: true });
    for (const prefix of scope.exclude ?? []) add(prefix, { include: false });
    for (const [ids, include] of [
      [scope.include_lists ?? [], true],
      [scope.exclude_lists ?? [], false],
    ] as const) {
      for (const id of ids)
        for (const entry of lists[id].entries) add(entry.prefix, { include, from: entry.from, to: entry.to });
    }
    // A list that is missing from the data directory leaves an inclusion-only scope empty, not universal.
    this.coversAll = (scope.include ?? []).length === 0 && (scope.include_lists ?? []).length === 0;
    this.prefixLengths = [...new Set([...this.rules.keys()].map((prefix) => prefix.length))]
      .filter((length) => length >= 2)
      .sort((a, b) => b - a);
  }

  /** The prefixes an inclusion names (at any date): a code is in scope only below one of them, unless the scope covers all. */
  includedPrefixes(): string[] {
    return [...this.rules].filter(([, rules]) => rules.some((rule) => rule.include)).map(([prefix]) => prefix);
  }

  matches(code: string, date: string): boolean {
    for (const length of this.prefixLengths) {
      if (length > code.length) continue;
      const rules = this.rules.get(code.slice(0, length));
      if (!rules) continue;
      let live = false;
      for (const rule of rules) {
        if ((rule.from !== undefined && date < rule.from) || (rule.to !== undefined && date >= rule.to)) continue;
        if (!rule.include) return false;
        live = true;
      }
      if (live) return true;
    }
    return this.coversAll;
  }
}
