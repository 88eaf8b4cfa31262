/**
 * `npx tsx scripts/tariff-coverage.ts`: prints which Chapter 99 headings of the newest HTS release in
 * data/hts no rule names, with the explanation of each (src/domain/tariff/coverage/
 * unmodelled-headings.yaml), into docs/tariff-data-status.md. Fails when a heading is unexplained.
 */
import fs from 'node:fs';
import { computeCoverage, coverageSection, statusDoc, withCoverageSection } from './lib/tariff-coverage-report';

const { release, coverage } = computeCoverage();
fs.writeFileSync(
  statusDoc,
  withCoverageSection(fs.readFileSync(statusDoc, 'utf8'), coverageSection(release, coverage)),
);
console.log(
  `${release}: ${coverage.headings} headings, ${coverage.covered.length} covered, ${coverage.unexplained.length} unexplained, ${coverage.stale.length} stale`,
);
if (coverage.unexplained.length > 0 || coverage.stale.length > 0) {
  console.error(`unexplained: ${coverage.unexplained.join(', ')}; stale: ${coverage.stale.join(', ')}`);
  process.exit(1);
}
