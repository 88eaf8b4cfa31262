import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { citationSchema } from '../rules/rule-schema';

const heading = z.string().regex(/^99\d{2}\.\d{2}\.\d{2}$/);
const entrySchema = z
  .object({
    heading: heading.nullable(),
    /**
     * One claim for the same fact under a heading of each origin (the particular articles of each
     * economy's list, note 52(j)(n)(ii)): ISO code → heading; `heading` is then null. The exemption
     * that takes the claim for an origin names that origin's heading (the rule set checks it).
     */
    headings_by_origin: z.record(z.string().regex(/^[A-Z]{2}$/), heading).optional(),
    /** What the claim carries: a USD value, a percent, a text (program, exporter, exclusion), a date (YYYY-MM-DD), or nothing. */
    takes: z.enum(['value', 'percent', 'text', 'date', 'none']),
    asserts: z.string().min(1),
    citation: citationSchema,
  })
  .strict()
  .refine(
    (entry) => entry.headings_by_origin === undefined || entry.heading === null,
    'a claim with headings_by_origin has no single heading',
  );
const fileSchema = z.object({ claims: z.record(z.string().regex(/^[a-z0-9_]+$/), entrySchema) }).strict();

export type ClaimDefinition = z.infer<typeof entrySchema> & { code: string };

/** The claims a duty request can make (claims.yaml), validated once when loaded. */
export const claimCatalogue: ReadonlyMap<string, ClaimDefinition> = new Map(
  Object.entries(fileSchema.parse(YAML.parse(fs.readFileSync(path.join(__dirname, 'claims.yaml'), 'utf8'))).claims).map(
    ([code, entry]) => [code, { code, ...entry }],
  ),
);

/** The heading a claim is reported under, as the catalogue table prints it (null when it has none). */
export function claimHeadingLabel(claim: ClaimDefinition): string | null {
  const byOrigin = claim.headings_by_origin && Object.values(claim.headings_by_origin).sort();
  if (byOrigin) return `${byOrigin[0]}–.${byOrigin[byOrigin.length - 1].slice(-2)} by origin`;
  return claim.heading;
}

/** The metal each content claim certifies, for measures charged on one metal's content. */
export const metalContentClaims = {
  steel: 'steel_content_value',
  aluminum: 'aluminum_content_value',
  copper: 'copper_content_value',
} as const;
export type Metal = keyof typeof metalContentClaims;
