import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { claimCatalogue } from '../claims/claim-catalogue';
import type { TariffRuleSet } from '../rules/rule-set';

const headingPattern = /^99\d{2}\.\d{2}\.\d{2}$/;
const explanationsSchema = z
  .object({
    explanations: z.array(
      z
        .object({
          id: z.string().regex(/^[a-z0-9_]+$/),
          headings: z.array(z.string().regex(headingPattern)).optional(),
          /** A whole subchapter (its first four digits). */
          prefixes: z.array(z.string().regex(/^99\d{2}$/)).optional(),
          reason: z.string().min(1),
          citation: z.string().min(1),
        })
        .strict(),
    ),
  })
  .strict();
export type HeadingExplanation = z.infer<typeof explanationsSchema>['explanations'][number];

/** The explanations of the Chapter 99 headings no rule names (unmodelled-headings.yaml). */
export function loadHeadingExplanations(file = path.join(__dirname, 'unmodelled-headings.yaml')): HeadingExplanation[] {
  return explanationsSchema.parse(YAML.parse(fs.readFileSync(file, 'utf8'))).explanations;
}

export interface HeadingCoverage {
  /** Chapter 99 headings of the release. */
  headings: number;
  /** Headings a measure, exemption, possible exemption, rate in lieu of column 2 or claim names. */
  covered: string[];
  /** Headings no rule names, by the explanation that accounts for them. */
  explained: Array<{ explanation: HeadingExplanation; headings: string[] }>;
  /** Headings neither covered nor explained: must stay empty. */
  unexplained: string[];
  /** Headings an explanation lists although a rule names them now, or the release lacks them. */
  stale: string[];
}

/** The headings the rule set and the claims catalogue name. */
function namedHeadings(ruleSet: TariffRuleSet): Set<string> {
  const named = new Set<string>();
  for (const measure of ruleSet.measures) {
    for (const heading of [measure.heading, measure.heading_when_met, ...measure.exemptions.map((e) => e.heading), ...measure.possible_exemptions.map((p) => p.heading)]) {
      if (heading) named.add(heading);
    }
  }
  for (const inLieu of ruleSet.baseRates.column2_in_lieu) named.add(inLieu.heading);
  for (const claim of claimCatalogue.values()) {
    for (const heading of [claim.heading, ...Object.values(claim.headings_by_origin ?? {})]) if (heading) named.add(heading);
  }
  return named;
}

/** Which Chapter 99 headings of a release the rules cover, which an explanation accounts for, and which neither. */
export function headingCoverage(releaseHeadings: string[], ruleSet: TariffRuleSet, explanations: HeadingExplanation[]): HeadingCoverage {
  const named = namedHeadings(ruleSet);
  const inRelease = new Set(releaseHeadings);
  const covered = releaseHeadings.filter((heading) => named.has(heading));
  const explained = explanations.map((explanation) => ({
    explanation,
    headings: releaseHeadings.filter(
      (heading) => !named.has(heading) && (explanation.headings?.includes(heading) || explanation.prefixes?.some((prefix) => heading.startsWith(prefix))),
    ),
  }));
  const accounted = new Set(explained.flatMap((entry) => entry.headings));
  return {
    headings: releaseHeadings.length,
    covered,
    explained,
    unexplained: releaseHeadings.filter((heading) => !named.has(heading) && !accounted.has(heading)),
    stale: explanations.flatMap((explanation) => explanation.headings ?? []).filter((heading) => named.has(heading) || !inRelease.has(heading)),
  };
}
