import { buildRuleSet, RuleDataError, type RuleSetSources } from '../../../../../src/domain/tariff/rules/rule-set';
import { readTariffRuleSources } from '../../../../../src/reference/tariff/tariff-rule-sources';
import { fixtureMeasuresDir, fixtureRuleSources } from '../../../../support/tariff-fixtures';
import { repoDataDir } from '../../../../support/reference-data';

function withMeasure(sources: RuleSetSources, change: (measure: Record<string, unknown>) => void): RuleSetSources {
  const copy = structuredClone(sources);
  const document = copy.measureFiles[0].document as { measures: Array<Record<string, unknown>> };
  change(document.measures[0]);
  return copy;
}

describe('buildRuleSet', () => {
  it('builds a versioned rule set from the rule files and imported lists', () => {
    const ruleSet = buildRuleSet(fixtureRuleSources());
    expect(ruleSet.version).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(ruleSet.measures.map((measure) => [measure.id, measure.program, measure.family])).toEqual([
      ['example-measure', 'example_program', 'section_301'],
    ]);
    expect(ruleSet.lists.example_list.entries).toEqual([{ prefix: '61091000' }]);
  });

  it('changes the version when a rate changes, and only then', () => {
    const sources = fixtureRuleSources();
    expect(buildRuleSet(structuredClone(sources)).version).toBe(buildRuleSet(sources).version);
    const corrected = withMeasure(sources, (measure) => {
      measure.rate = { kind: 'additive', percent: '25' };
    });
    expect(buildRuleSet(corrected).version).not.toBe(buildRuleSet(sources).version);
  });

  it('refuses malformed data with the file and field', () => {
    const numeric = withMeasure(fixtureRuleSources(), (measure) => {
      measure.rate = { kind: 'additive', percent: 20 };
    });
    expect(() => buildRuleSet(numeric)).toThrow(
      new RuleDataError(
        'example-program.yaml: measures[0].rate.percent: Invalid input: expected string, received number',
      ),
    );
    const badDate = withMeasure(fixtureRuleSources(), (measure) => {
      measure.effective_from = '2026-02-30';
    });
    expect(() => buildRuleSet(badDate)).toThrow(
      /example-program\.yaml: measures\[0\]\.effective_from: not a calendar date/,
    );
    const backwards = withMeasure(fixtureRuleSources(), (measure) => {
      measure.effective_to = '2025-01-01';
    });
    expect(() => buildRuleSet(backwards)).toThrow(/effective_to must be after effective_from/);
  });

  it('refuses references to unknown lists, groups, measures and claims', () => {
    const list = withMeasure(fixtureRuleSources(), (measure) => {
      measure.products = { include_lists: ['no_such_list'] };
    });
    expect(() => buildRuleSet(list)).toThrow(
      'measure example-measure: product list "no_such_list" is not declared in product-lists.yaml',
    );
    const group = withMeasure(fixtureRuleSources(), (measure) => {
      measure.countries = { include: ['@NOWHERE'] };
    });
    expect(() => buildRuleSet(group)).toThrow('measure example-measure: unknown country group @NOWHERE');
    const target = withMeasure(fixtureRuleSources(), (measure) => {
      measure.interactions = [{ relation: 'excluded_by', measure: 'ghost', citation: { type: 'hts', ref: 'x' } }];
    });
    expect(() => buildRuleSet(target)).toThrow('measure example-measure: interaction names unknown measure "ghost"');
    const claimed = withMeasure(fixtureRuleSources(), (measure) => {
      measure.conditions = [{ kind: 'claimed', claim: 'made_up_claim' }];
    });
    expect(() => buildRuleSet(claimed)).toThrow('measure example-measure: names unknown claim "made_up_claim"');
  });

  it("refuses an exemption taking a claim of headings by origin under another origin's heading", () => {
    const exemption = (heading: string, include: string[]) =>
      withMeasure(fixtureRuleSources(), (measure) => {
        measure.exemptions = [
          {
            heading,
            description: 'Particular articles of an economy list (note 52(j)(n)(ii))',
            countries: { include },
            requires: { claim: 's301_fl_economy_particular_article' },
            citation: { type: 'hts', ref: `Heading ${heading}` },
          },
        ];
      });
    expect(() => buildRuleSet(exemption('9903.06.01', ['MY']))).not.toThrow();
    expect(() => buildRuleSet(exemption('9903.06.03', ['MY']))).toThrow(
      'measure example-measure: the exemption under 9903.06.03 takes the claim s301_fl_economy_particular_article for origins [MY], whose headings in claims.yaml differ',
    );
    expect(() => buildRuleSet(exemption('9903.06.01', []))).toThrow(/for origins \[\]/);
  });

  it('refuses a list whose source is missing from the data directory', () => {
    expect(() => readTariffRuleSources({ dataDir: '/nonexistent', dir: fixtureMeasuresDir })).toThrow(
      new RuleDataError(
        'product list "example_list": source lists/example-list.csv is not in the data directory /nonexistent',
      ),
    );
  });

  it('validates the shipped rule files against the reference data', () => {
    const ruleSet = buildRuleSet(readTariffRuleSources({ dataDir: repoDataDir }));
    expect(ruleSet.measures.length).toBeGreaterThan(200);
    expect(new Set(ruleSet.measures.map((measure) => measure.family))).toEqual(
      new Set(['ieepa', 'ieepa_reciprocal', 'section_122', 'section_201', 'section_301', 'section_232', 'section_338']),
    );
  });
});
