import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  headingCoverage,
  loadHeadingExplanations,
  type HeadingCoverage,
} from '../../src/domain/tariff/coverage/heading-coverage';
import { buildRuleSet } from '../../src/domain/tariff/rules/rule-set';
import { readTariffRuleSources } from '../../src/reference/tariff/tariff-rule-sources';
import { rev18Chapter99Excerpt } from './chapter99-excerpt';

const root = path.resolve(__dirname, '..', '..');
export const dataDir = path.join(root, 'data');
export const statusDoc = path.join(root, 'docs', 'tariff-data-status.md');
const start = '<!-- chapter-99-coverage:start (scripts/tariff-coverage.ts) -->';
const end = '<!-- chapter-99-coverage:end -->';

/** The newest USITC JSON export in data/hts, by year and revision (the basic edition is revision 0). */
export function newestRelease(): { name: string; headings: string[] } {
  const files = fs
    .readdirSync(path.join(dataDir, 'hts'))
    .filter((name) => /^hts_\d{4}_(basic_edition|revision_\d+)_json\.json(\.gz)?$/.test(name));
  const order = (name: string) => Number(name.slice(4, 8)) * 1000 + Number(/revision_(\d+)/.exec(name)?.[1] ?? 0);
  const newest = files.sort((a, b) => order(b) - order(a))[0];
  const raw = fs.readFileSync(path.join(dataDir, 'hts', newest));
  const rows = JSON.parse((newest.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8')) as Array<{
    htsno?: string;
  }>;
  const headings = rows.map((row) => row.htsno ?? '').filter((code) => /^99\d{2}\.\d{2}\.\d{2}$/.test(code));
  return { name: newest, headings };
}

/**
 * The coverage of the newest release's Chapter 99 headings and of the headings the 2026 Rev 18
 * excerpt adds (read as Chapter 99 headings, not as a release).
 */
export function computeCoverage(): { release: string; coverage: HeadingCoverage } {
  const release = newestRelease();
  const headings = [...new Set([...release.headings, ...rev18Chapter99Excerpt().map((row) => row.heading)])].sort();
  const ruleSet = buildRuleSet(readTariffRuleSources({ dataDir }));
  return {
    release: `${release.name} and the 2026 Rev 18 Chapter 99 excerpt`,
    coverage: headingCoverage(headings, ruleSet, loadHeadingExplanations()),
  };
}

/** The report as the status document prints it, between its markers. */
export function coverageSection(release: string, coverage: HeadingCoverage): string {
  const rows = coverage.explained
    .filter((entry) => entry.headings.length > 0)
    .map((entry) => {
      const span =
        entry.headings.length === 1
          ? entry.headings[0]
          : `${entry.headings[0]} … ${entry.headings[entry.headings.length - 1]}`;
      return `| \`${entry.explanation.id}\` | ${entry.headings.length} | ${span} | ${entry.explanation.reason} (${entry.explanation.citation}) |`;
    });
  return [
    start,
    `Chapter 99 headings of \`${release}\`: **${coverage.headings}**; named by a measure, exemption or claim: **${coverage.covered.length}**; ` +
      `explained below: **${coverage.headings - coverage.covered.length - coverage.unexplained.length}**; unexplained: **${coverage.unexplained.length}**.`,
    '',
    '| explanation | headings | range | why no measure |',
    '|---|---|---|---|',
    ...rows,
    ...(coverage.unexplained.length > 0 ? ['', `Unexplained: ${coverage.unexplained.join(', ')}`] : []),
    end,
  ].join('\n');
}

/** The status document with its coverage section replaced by this one. */
export function withCoverageSection(document: string, section: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < 0) throw new Error(`docs/tariff-data-status.md has no ${start} … ${end} markers`);
  return document.slice(0, from) + section + document.slice(to + end.length);
}
