import { calculateDuty } from '../../src/domain/tariff/engine/calculate-duty';
import { toDutyInput, type DutyBody } from '../../src/handlers/inputs/tariff.input';
import type { DutyCalculation } from '../../src/domain/tariff/engine/duty-result';
import type { HtsLineSource } from '../../src/domain/tariff/hts-line-source';
import type { TariffRules } from '../../src/domain/tariff/rules/tariff-rules';
import { csvLineSource } from './hts-csv-line-source';
import { realHtsFile } from './hts-fixtures';
import { repoDataDir } from './reference-data';
import { tariffRulesFromData } from './tariff-rules';

/** A dated entry whose expected duty is derived from the law text, with its public source. */
export interface GoldenScenario {
  name: string;
  source: string;
  /** The request as a client sends it (mapped to the engine's input as the handler does). */
  request: DutyBody;
  /** Components expected to apply, by id, with their amount (USD). */
  applies: Record<string, string>;
  /** Components expected to be present but suppressed. */
  suppressed?: string[];
  /** Components expected unresolved. */
  unresolved?: string[];
  /** Expected duty total; null when unresolved or prohibited. */
  total: string | null;
  check?: (result: DutyCalculation) => void;
}

/** Runs each scenario on the real HTS 2026 Rev 4 lines and the repository's rules. */
export function runGoldenScenarios(title: string, scenarios: GoldenScenario[]): void {
  runGoldenScenariosOn(title, scenarios, async () => ({
    lines: csvLineSource(
      realHtsFile('hts_2026_revision_4_csv.csv'),
      { id: '2026-rev-4', name: '2026 HTS Revision 4' },
      '2025-01-01',
    ),
  }));
}

/** Runs each scenario on the lines `setup` gives (a release imported into a test database, say) and the repository's rules. */
export function runGoldenScenariosOn(
  title: string,
  scenarios: GoldenScenario[],
  setup: () => Promise<{ lines: HtsLineSource; close?: () => Promise<void> }>,
): void {
  describe(title, () => {
    let rules: TariffRules;
    let lines: HtsLineSource;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      rules = tariffRulesFromData(repoDataDir);
      ({ lines, close } = await setup());
    }, 120_000);
    afterAll(async () => close?.());

    it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
      expect(scenario.source).not.toBe('');
      const result = await calculateDuty(toDutyInput(scenario.request), { lines, rules, today: () => '2026-11-22' });
      const applying = Object.fromEntries(
        result.components.filter((c) => c.status === 'applies').map((c) => [c.id, c.amount]),
      );
      expect(applying).toEqual(scenario.applies);
      for (const id of scenario.suppressed ?? [])
        expect(result.components.find((c) => c.id === id)?.status).toBe('suppressed');
      expect(result.components.filter((c) => c.status === 'unresolved').map((c) => c.id)).toEqual(
        scenario.unresolved ?? [],
      );
      expect(result.totals.duty).toBe(scenario.total);
      scenario.check?.(result);
    });
  });
}
