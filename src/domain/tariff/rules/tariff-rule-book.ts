import type { RuleSet } from './rule-set';
import { TariffRules } from './tariff-rules';

/**
 * Holds the rule index the engine uses. Loaded at start and replaced after each import; a calculation
 * reads `current()` once, so a refresh never mixes two rule sets in one answer.
 */
export class TariffRuleBook {
  private rules: TariffRules | null = null;

  current(): TariffRules {
    if (!this.rules) throw new Error('tariff rules are not loaded');
    return this.rules;
  }

  isLoaded(): boolean {
    return this.rules !== null;
  }

  /** Indexes a validated rule set, then swaps it in; on error the previous rules stay. */
  replace(ruleSet: RuleSet): TariffRules {
    const next = new TariffRules(ruleSet);
    this.rules = next;
    return next;
  }
}
