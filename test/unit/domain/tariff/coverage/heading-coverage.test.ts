import fs from 'node:fs';
import { computeCoverage, coverageSection, statusDoc } from '../../../../../scripts/lib/tariff-coverage-report';
import { headingCoverage, loadHeadingExplanations } from '../../../../../src/domain/tariff/coverage/heading-coverage';
import { buildRuleSet } from '../../../../../src/domain/tariff/rules/rule-set';
import { fixtureRuleSources } from '../../../../support/tariff-fixtures';

describe('Chapter 99 coverage of the newest release (issue 16 item 6)', () => {
  const { release, coverage } = computeCoverage();

  it('leaves no heading unexplained and no explanation stale', () => {
    expect(release).toMatch(/^hts_2026_revision_\d+_json/);
    expect(coverage.unexplained).toEqual([]);
    expect(coverage.stale).toEqual([]);
    // The programs the rules model are named: Lists 1–4A, the exclusions in effect, Nicaragua.
    expect(coverage.covered).toEqual(expect.arrayContaining(['9903.88.01', '9903.88.02', '9903.88.03', '9903.88.04', '9903.88.15', '9903.88.69', '9903.88.70', '9903.89.01']));
  });

  it('is printed, as computed, in docs/tariff-data-status.md', () => {
    expect(fs.readFileSync(statusDoc, 'utf8')).toContain(coverageSection(release, coverage));
  });

  it('reports a heading no rule names and no explanation lists, and an explanation of a covered heading', () => {
    const ruleSet = buildRuleSet(fixtureRuleSources());
    const explanations = loadHeadingExplanations();
    const report = headingCoverage(['9903.99.99', '9902.01.01'], ruleSet, explanations);
    expect(report.unexplained).toEqual(['9903.99.99']);
    expect(report.explained.find((entry) => entry.explanation.id === 'subchapter_9902')?.headings).toEqual(['9902.01.01']);
    expect(report.stale.length).toBeGreaterThan(0);
  });
});
