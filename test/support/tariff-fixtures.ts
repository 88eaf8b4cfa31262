import path from 'node:path';
import { projectRoot } from '../../src/config/paths';
import { readTariffRuleSources } from '../../src/reference/tariff/tariff-rule-sources';
import type { RuleSetSources } from '../../src/domain/tariff/rules/rule-set';

export const fixtureMeasuresDir = path.join(projectRoot, 'test', 'fixtures', 'tariff', 'measures');
export const fixtureDataDir = path.join(projectRoot, 'test', 'fixtures', 'tariff', 'data');

/** Sources read from the small hand-written rule files and list fixture. */
export function fixtureRuleSources(): RuleSetSources {
  return readTariffRuleSources({ dataDir: fixtureDataDir, dir: fixtureMeasuresDir });
}
