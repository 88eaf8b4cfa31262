import type { TariffRuleSet } from './rule-set';
import { TariffRules } from './tariff-rules';

/**
 * The rules in force in this process: holds the compiled index (`TariffRules`) of the active
 * `TariffRuleSet`. Loaded at start and replaced after each import; a calculation
 * reads `current()` once, so a refresh never mixes two rule sets in one answer.
 */
export class ActiveTariffRules {
  private rules: TariffRules | null = null;

  current(): TariffRules {
    if (!this.rules) throw new Error('tariff rules are not loaded');
    return this.rules;
  }

  isLoaded(): boolean {
    return this.rules !== null;
  }

  /** Indexes a validated rule set, then swaps it in; on error the previous rules stay. */
  replace(ruleSet: TariffRuleSet): TariffRules {
    const next = new TariffRules(ruleSet);
    this.rules = next;
    return next;
  }
}
