import type { TariffRulesRepository } from '../../db/repositories/tariff-rules.repository';
import { readTariffRuleSources } from './tariff-rule-sources';
import { buildRuleSet, type ActiveTariffRules } from '../../domain/tariff';

/**
 * Import: read the authored rule files and the lists of the data directory, validate, store the rule
 * set (once per version), activate it and refresh the in-memory rules.
 */
export async function importTariffRules(options: {
  dataDir: string;
  repository: TariffRulesRepository;
  book: ActiveTariffRules;
  now: () => number;
  dir?: string;
}): Promise<{ version: string; stored: 'created' | 'exists'; warnings: string[] }> {
  const sources = readTariffRuleSources({ dataDir: options.dataDir, dir: options.dir });
  const ruleSet = buildRuleSet(sources);
  const stored = await options.repository.saveRuleSet(sources, ruleSet, options.now());
  await options.repository.activateRuleSet(ruleSet.version, options.now());
  options.book.replace(ruleSet);
  return { version: ruleSet.version, stored, warnings: ruleSet.warnings };
}

/** At start: load the active stored rule set into the book; false when none is stored yet. */
export async function loadActiveTariffRules(
  repository: TariffRulesRepository,
  book: ActiveTariffRules,
): Promise<boolean> {
  const sources = await repository.activeRuleSetSources();
  if (!sources) return false;
  book.replace(buildRuleSet(sources));
  return true;
}
