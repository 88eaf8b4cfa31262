import { buildRuleSet } from '../../src/domain/tariff/rules/rule-set';
import { TariffRules } from '../../src/domain/tariff/rules/tariff-rules';
import { readTariffRuleSources } from '../../src/reference/tariff/tariff-rule-sources';

let cached: TariffRules | null = null;

/** The rule index built from the authored files and the reference data directory (read once per test file). */
export function tariffRulesFromData(dataDir: string): TariffRules {
  cached ??= new TariffRules(buildRuleSet(readTariffRuleSources({ dataDir })));
  return cached;
}
