import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { citationSchema } from '../rules/rule-schema';

const entrySchema = z
  .object({
    heading: z
      .string()
      .regex(/^99\d{2}\.\d{2}\.\d{2}$/)
      .nullable(),
    /** What the claim carries: a USD value, a percent, a text (program, exporter, exclusion), a date (YYYY-MM-DD), or nothing. */
    takes: z.enum(['value', 'percent', 'text', 'date', 'none']),
    asserts: z.string().min(1),
    citation: citationSchema,
  })
  .strict();
const fileSchema = z.object({ claims: z.record(z.string().regex(/^[a-z0-9_]+$/), entrySchema) }).strict();

export type ClaimDefinition = z.infer<typeof entrySchema> & { code: string };

/** The claims a duty request can make (claims.yaml), validated once when loaded. */
export const claimCatalogue: ReadonlyMap<string, ClaimDefinition> = new Map(
  Object.entries(fileSchema.parse(YAML.parse(fs.readFileSync(path.join(__dirname, 'claims.yaml'), 'utf8'))).claims).map(
    ([code, entry]) => [code, { code, ...entry }],
  ),
);

/** The metal each content claim certifies, for measures charged on one metal's content. */
export const metalContentClaims = {
  steel: 'steel_content_value',
  aluminum: 'aluminum_content_value',
  copper: 'copper_content_value',
} as const;
export type Metal = keyof typeof metalContentClaims;
