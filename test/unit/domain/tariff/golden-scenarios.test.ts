import path from 'node:path';
import { calculateDuty } from '../../../../src/domain/tariff/engine/calculate-duty';
import type { DutyRequest } from '../../../../src/domain/tariff/engine/duty-request';
import type { DutyCalculation } from '../../../../src/domain/tariff/engine/duty-result';
import { csvLineSource } from '../../../support/hts-csv-line-source';
import { referenceDataDir } from '../../../support/reference-data';
import { tariffRulesFromData } from '../../../support/tariff-rules';

/**
 * Golden scenarios: dated entries whose expected duty is derived from the law text and the research
 * notes (each states its source). They run on real HTS 2026 Rev 4 lines. Rev 4's chapters 1–97 stand
 * in for the MFN columns of 2025 entries too (tariff-rules.md §2.3: MFN columns rarely change within
 * a year; the 2025 scenarios check the Chapter 99 stack, not MFN history).
 */
const dataDir = referenceDataDir();
const describeWithData = dataDir ? describe : describe.skip;

interface Scenario {
  name: string;
  source: string;
  request: DutyRequest;
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

const scenarios: Scenario[] = [
  {
    name: 'horse (Free) from Germany after 2026-07-24: forced-labor 301 tops up to the EU 10% level',
    source: 'tariff-rules.md §3.5 worked example (horse from DE → 10%); FR doc 2026-15181; note 52(k)',
    request: { hts_code: '0101.21.00.10', country_code: 'DE', entry_date: '2026-10-09', declared_value: 10000 },
    applies: { mfn: '0.00', 's301-fl-eu': '1000.00' },
    total: '1000.00',
    check: (result) => expect(result.components.find((c) => c.id === 's301-fl-eu')?.heading).toBe('9903.05.39'),
  },
  {
    name: 'steers (1¢/kg) from Germany: 10% in place of the base',
    source: 'tariff-rules.md §3.5 worked example (steers from DE → 10% in place of the base)',
    request: { hts_code: '0102.29.40.24', country_code: 'DE', entry_date: '2026-10-09', declared_value: 10000, quantities: [{ value: 1000, unit: 'kg' }] },
    applies: { mfn: '10.00', 's301-fl-eu': '990.00' },
    total: '1000.00',
  },
  {
    name: 'steers from China: 1¢/kg + 12.5% forced-labor 301 + 7.5% List 4A',
    source: 'tariff-rules.md §3.5 worked example (steers from CN → 1¢/kg + 12.5% + 7.5%); U.S. note 20(s)',
    request: { hts_code: '0102.29.40.24', country_code: 'CN', entry_date: '2026-10-09', declared_value: 10000, quantities: [{ value: 1000, unit: 'kg' }] },
    applies: { mfn: '10.00', 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    total: '2010.00',
  },
  {
    name: 'steers from China without a quantity: the specific base is unresolved and the total is null',
    source: 'issue: a specific rate with no quantity leaves the total null, never a silent 0',
    request: { hts_code: '0102.29.40.24', country_code: 'CN', entry_date: '2026-10-09', declared_value: 10000 },
    applies: { 's301-cn-list-4a': '750.00', 's301-fl-cn': '1250.00' },
    unresolved: ['mfn'],
    total: null,
  },
];

describeWithData('golden duty scenarios (HTS 2026 Rev 4 lines)', () => {
  const rules = tariffRulesFromData(dataDir as string);
  const lines = csvLineSource(path.join(dataDir as string, 'hts/hts_2026_revision_4_csv.csv'), { id: '2026-rev-4', name: '2026 HTS Revision 4' }, '2025-01-01');

  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    expect(scenario.source).not.toBe('');
    const result = await calculateDuty(scenario.request, { lines, rules, today: () => '2026-11-22' });
    const applying = Object.fromEntries(result.components.filter((c) => c.status === 'applies').map((c) => [c.id, c.amount]));
    expect(applying).toEqual(scenario.applies);
    for (const id of scenario.suppressed ?? []) expect(result.components.find((c) => c.id === id)?.status).toBe('suppressed');
    expect(result.components.filter((c) => c.status === 'unresolved').map((c) => c.id)).toEqual(scenario.unresolved ?? []);
    expect(result.totals.duty).toBe(scenario.total);
    scenario.check?.(result);
  });
});
