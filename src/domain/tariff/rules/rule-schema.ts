import { z } from 'zod';

/** How goods may arrive (a duty request's `mode`; the HMF is charged on some). */
export const transportModes = ['ocean', 'air', 'truck', 'rail'] as const;
export type TransportMode = (typeof transportModes)[number];

/**
 * Schemas of the authored rule files in src/domain/tariff/measures/. Every file is validated before
 * use: a file that does not match is refused with the path of the offending field, so a bad edit
 * can never reach a calculation.
 */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date')
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    'not a calendar date',
  );
const decimal = z.string().regex(/^\d+(\.\d+)?$/, 'expected a decimal string such as "25" or "0.3464"');
const heading = z.string().regex(/^99\d{2}\.\d{2}\.\d{2}$/, 'expected a Chapter 99 heading such as 9903.88.01');
const htsPrefix = z.string().regex(/^\d{2,10}$/, 'expected 2 to 10 digits of an HTS number, without dots');
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code');
const countryRef = z.string().regex(/^([A-Z]{2}|@[A-Z0-9_]+)$/, 'expected an ISO alpha-2 code or @GROUP');
const identifier = z.string().regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'expected a lower-case id with - or _');

export const citationSchema = z
  .object({
    type: z.enum([
      'proclamation',
      'executive_order',
      'federal_register',
      'csms',
      'hts',
      'usitc',
      'statute',
      'cfr',
      'court',
    ]),
    ref: z.string().min(1),
    note: z.string().optional(),
  })
  .strict();
export type Citation = z.infer<typeof citationSchema>;

/**
 * A fact still to confirm against primary text, for the maintainers (listed in
 * docs/tariff-data-status.md); never part of an answer.
 */
const verify = z.string().min(1).optional();

const rateSchema = z.discriminatedUnion('kind', [
  /** Adds a percentage of the basis value. */
  z.object({ kind: z.literal('additive'), percent: decimal }).strict(),
  /** A total-duty level "in place of" the base: adds max(0, percent × value − base duty). */
  z.object({ kind: z.literal('floor'), percent: decimal }).strict(),
  /** Entry is prohibited. */
  z.object({ kind: z.literal('prohibition') }).strict(),
]);

const productScopeSchema = z
  .object({
    include: z.array(htsPrefix).optional(),
    include_lists: z.array(identifier).optional(),
    exclude: z.array(htsPrefix).optional(),
    exclude_lists: z.array(identifier).optional(),
  })
  .strict();

const conditionSchema = z.discriminatedUnion('kind', [
  /** Applies only when one of these special programs is validly claimed (e.g. the USMCA content rule for vehicles). */
  z.object({ kind: z.literal('special_program_claimed'), programs: z.array(z.string()).min(1) }).strict(),
  /** Applies only to pharmaceuticals claimed with this status; without the claim the measure is unresolved. */
  z.object({ kind: z.literal('pharmaceutical'), status: z.enum(['patented', 'generic']) }).strict(),
  /** Our data cannot tell whether the article is in scope: the measure is reported as unresolved with this reason. */
  z.object({ kind: z.literal('scope_unconfirmed'), reason: z.string().min(1) }).strict(),
  /** Applies only to goods claimed (loaded_in_transit) as loaded before this date: a rate kept for goods in transit. */
  z.object({ kind: z.literal('loaded_before'), date: isoDate }).strict(),
  /**
   * An over-quota duty: charged with the claim over_quota, not charged with within_quota (the in-quota
   * subheading `within_heading` is reported), unresolved without either.
   */
  z.object({ kind: z.literal('tariff_rate_quota'), within_heading: heading }).strict(),
  /** Applies only when the importer makes this catalogue claim (a heading for a program the entry is under, 9903.04.64). */
  z
    .object({
      kind: z.literal('claimed'),
      claim: z.string().regex(/^[a-z0-9_]+$/),
    })
    .strict(),
]);

const countryScopeSchema = z
  .object({ include: z.array(countryRef).optional(), exclude: z.array(countryRef).optional() })
  .strict();

/**
 * A relief heading: when the article, origin, dates and claims match, the measure does not apply and
 * the relief heading is reported instead (USMCA goods, Annex exemptions, generic pharmaceuticals).
 */
const exemptionSchema = z
  .object({
    heading: heading.optional(),
    description: z.string().min(1),
    countries: countryScopeSchema.optional(),
    products: productScopeSchema.optional(),
    requires: z
      .object({
        special_program: z.array(z.string()).min(1).optional(),
        pharmaceutical: z.enum(['patented', 'generic']).optional(),
        /** A code of the claims catalogue (claims.yaml) the importer must make. */
        claim: z
          .string()
          .regex(/^[a-z0-9_]+$/)
          .optional(),
        /** With claim loaded_in_transit: the goods must have been loaded before this date. */
        loaded_before: isoDate.optional(),
      })
      .strict()
      .refine(
        (needs) => needs.loaded_before === undefined || needs.claim === 'loaded_in_transit',
        'loaded_before goes with the claim loaded_in_transit',
      )
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    citation: citationSchema,
    verify,
  })
  .strict();

/** Families group programs the way the API reports them (form A keys and the extra keys). */
export const programFamilies = [
  'ieepa',
  'ieepa_reciprocal',
  'section_122',
  'section_201',
  'section_301',
  'section_232',
  'section_338',
] as const;

const interactionSchema = z
  .object({
    /** excluded_by: this measure does not apply when the other applies (owes more than 0). excludes: the reverse. */
    relation: z.enum(['excluded_by', 'excludes']),
    program: identifier.optional(),
    family: z.enum(programFamilies).optional(),
    measure: identifier.optional(),
    /**
     * excluded_by only: when the excluding measure splits off the content of one of these metals
     * (its `splits_content`), this measure is not suppressed but charged on the rest of the value (the
     * non-steel content of a steel derivative pays the reciprocal duty, U.S. note 2(v)(vii) to subchapter III).
     */
    remainder_metals: z
      .array(z.enum(['steel', 'aluminum', 'copper']))
      .min(1)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    citation: citationSchema,
  })
  .strict()
  .refine(
    (value) => [value.program, value.family, value.measure].filter((target) => target !== undefined).length === 1,
    'name exactly one of program, family or measure',
  )
  .refine(
    (value) => value.remainder_metals === undefined || value.relation === 'excluded_by',
    'remainder_metals belongs to an excluded_by relation',
  );

const measureSchema = z
  .object({
    id: identifier,
    heading: heading.nullable(),
    description: z.string().min(1),
    rate: rateSchema,
    /** metal_content needs the claimed metal content value; non_us_content is not taken by the request and stays unresolved. */
    basis: z.enum(['full_value', 'metal_content', 'non_us_content']).default('full_value'),
    /** For a metal_content basis: the metal whose content claim (steel_content_value…) is the basis. */
    metal: z.enum(['steel', 'aluminum', 'copper']).optional(),
    /**
     * The metal whose content the article is declared on under this heading, the rest of its value on
     * a line of its own that keeps the duties reaching it (remainder_metals). A metal_content measure
     * splits always; a full-value one only when that metal's content is claimed.
     */
    splits_content: z.enum(['steel', 'aluminum', 'copper']).optional(),
    countries: countryScopeSchema.default({}),
    products: productScopeSchema.default({}),
    conditions: z.array(conditionSchema).default([]),
    exemptions: z.array(exemptionSchema).default([]),
    /**
     * Lines where the HTS provision alone does not make the article one the measure covers (a
     * computer of heading 8471 is an automobile part only when it is one): there the measure is
     * charged only with the claim that confirms it, and is suppressed with the reason otherwise.
     */
    confirmations: z
      .array(
        z
          .object({
            products: productScopeSchema,
            claim: z.string().regex(/^[a-z0-9_]+$/),
            reason: z.string().min(1),
            citation: citationSchema,
          })
          .strict(),
      )
      .default([]),
    interactions: z.array(interactionSchema).default([]),
    /**
     * The U.S. content of an article whose U.S. content share (claim us_content_share) is at least
     * min_share percent is not charged: the rate applies to the non-U.S. content (heading 9903.01.34).
     */
    us_content_relief: z.object({ min_share: decimal, heading, citation: citationSchema }).strict().optional(),
    /** Within a group only the largest applying measure is kept (e.g. overlapping Section 301 China headings). */
    group: identifier.optional(),
    /** For a floor: the heading reported when the base duty already reaches the level (no additional duty). */
    heading_when_met: heading.optional(),
    effective_from: isoDate,
    /** Exclusive: the first day the measure is no longer in force. */
    effective_to: isoDate.optional(),
    date_basis: z.enum(['entry', 'arrival']).default('entry'),
    /** Exemptions our data cannot decide (end use, in-transit, listed companies): reported as notes when the measure applies. */
    possible_exemptions: z
      .array(
        z
          .object({
            heading: heading.optional(),
            text: z.string().min(1),
            /**
             * The origins and the lines of an annex list the note is for: a line on the list reaches an
             * exemption that depends on a fact the request cannot claim yet (an end use, a named
             * product); the answer lists it under exemptions_to_confirm, and it is never applied.
             */
            countries: countryScopeSchema.optional(),
            products: productScopeSchema.optional(),
          })
          .strict(),
      )
      .default([]),
    citations: z.array(citationSchema).min(1),
    verify,
  })
  .strict()
  .refine(
    (m) => m.effective_to === undefined || m.effective_to > m.effective_from,
    'effective_to must be after effective_from',
  )
  .refine(
    (m) => (m.basis === 'metal_content') === (m.metal !== undefined),
    'a metal_content basis names its metal, and only it does',
  )
  .refine(
    (m) => m.splits_content === undefined || m.metal === undefined || m.splits_content === m.metal,
    'a metal_content measure splits off the content of its own metal',
  );
export type Measure = z.infer<typeof measureSchema>;
export type MeasureRate = Measure['rate'];
export type MeasureCondition = Measure['conditions'][number];
export type MeasureInteraction = Measure['interactions'][number];
export type MeasureExemption = Measure['exemptions'][number];
export type CountryScope = Measure['countries'];
export type ProductScope = Measure['products'];

export const measureFileSchema = z
  .object({
    program: identifier,
    family: z.enum(programFamilies),
    title: z.string().min(1),
    group: identifier.optional(),
    /** YAML anchors shared by the measures; not read otherwise. */
    templates: z.record(z.string(), z.unknown()).optional(),
    measures: z.array(measureSchema).min(1),
  })
  .strict();
export type MeasureFile = z.infer<typeof measureFileSchema>;

const membershipSchema = z.union([
  countryCode,
  z.object({ code: countryCode, from: isoDate.optional(), to: isoDate.optional() }).strict(),
]);

export const countryGroupsFileSchema = z
  .object({
    groups: z.record(
      z.string().regex(/^[A-Z0-9_]+$/, 'group names are upper case'),
      z
        .object({
          description: z.string(),
          members: z.array(membershipSchema).min(1),
          citations: z.array(citationSchema).min(1),
        })
        .strict(),
    ),
  })
  .strict();
export type CountryGroupsFile = z.infer<typeof countryGroupsFileSchema>;

export const baseRatesFileSchema = z
  .object({
    /** Countries whose goods pay column 2 (general note 3(b)). */
    column2_group: z.string().regex(/^@[A-Z0-9_]+$/),
    column2_citations: z.array(citationSchema).min(1),
    /** Rates charged in lieu of column 2 for some products of some column 2 countries (Russia: note 30). */
    column2_in_lieu: z
      .array(
        z
          .object({
            heading: heading,
            countries: z.array(countryCode).min(1),
            products: productScopeSchema,
            percent: decimal,
            effective_from: isoDate,
            citations: z.array(citationSchema).min(1),
          })
          .strict(),
      )
      .default([]),
    /**
     * The de minimis administrative exemption (19 U.S.C. 1321(a)(2)(C)), claimed with `de_minimis`:
     * no duty at all on a shipment of at most `max_value` USD while a window covers the origin.
     */
    de_minimis: z
      .object({
        max_value: decimal,
        windows: z
          .array(
            z
              .object({
                countries: countryScopeSchema,
                to: isoDate,
                ended_by: z.string().min(1),
                citations: z.array(citationSchema).min(1),
              })
              .strict(),
          )
          .min(1),
        citations: z.array(citationSchema).min(1),
      })
      .strict()
      .optional(),
    special_programs: z.record(
      z.string().regex(/^[A-Z]{1,2}[*+]?$/),
      z
        .object({
          name: z.string(),
          /** Eligible origins; null when the beneficiary list is not in our data (the claim is then accepted with a warning). */
          countries: z.array(countryRef).nullable(),
          effective_from: isoDate.optional(),
          effective_to: isoDate.optional(),
          citations: z.array(citationSchema).min(1),
          verify,
        })
        .strict(),
    ),
  })
  .strict();
export type BaseRatesFile = z.infer<typeof baseRatesFileSchema>;

export const feesFileSchema = z
  .object({
    mpf: z
      .object({
        percent: decimal,
        /** Formal entries only; below this value an informal-entry fee applies that we do not model. */
        formal_entry_minimum_value: decimal,
        fiscal_years: z
          .array(
            z
              .object({
                from: isoDate,
                to: isoDate,
                minimum: decimal,
                maximum: decimal,
                citations: z.array(citationSchema).min(1),
                verify,
              })
              .strict(),
          )
          .min(1),
        citations: z.array(citationSchema).min(1),
      })
      .strict(),
    hmf: z
      .object({
        percent: decimal,
        modes: z.array(z.enum(transportModes)).min(1),
        citations: z.array(citationSchema).min(1),
      })
      .strict(),
  })
  .strict();
export type FeesFile = z.infer<typeof feesFileSchema>;

/** Where a product list comes from in the data directory, and how to read it. */
export const productListsFileSchema = z
  .object({
    lists: z.record(
      identifier,
      z
        .object({
          description: z.string(),
          source: z.string().min(1),
          format: z.enum(['csv', 'lines', 'json_array']),
          /** csv: the column holding the HTS number (dots are removed). */
          code_column: z.string().optional(),
          /** csv: keep rows whose columns equal these values. */
          where: z.record(z.string(), z.union([z.string(), z.array(z.string()).min(1)])).optional(),
          /** csv: keep rows whose column, a list separated by `;`, holds this value (an economy of a shared list). */
          where_member: z.record(z.string(), z.string()).optional(),
          /** csv: per-row effective dates, when the source has them. */
          from_column: z.string().optional(),
          to_column: z.string().optional(),
          /** json_array: the key of the array in the JSON object. */
          key: z.string().optional(),
          /** A missing optional list leaves its measures' scope as authored and adds a warning. */
          optional: z.boolean().default(false),
          citations: z.array(citationSchema).min(1),
          verify,
        })
        .strict(),
    ),
  })
  .strict();
export type ProductListsFile = z.infer<typeof productListsFileSchema>;

export const adcvdFileSchema = z
  .object({
    orders_source: z.string(),
    rates_source: z.string(),
    /**
     * Commerce's orders in effect (JSON: `orders` with `kind`, `iso`, `product`, `case`, `listed_in`,
     * `source`, `title`, `hts`). A seed order of the same case must name the same product, or it is
     * set aside: the seed's rates would be another order's.
     */
    orders_list: z.string().optional(),
    /**
     * Where each scope number the newest HTS release no longer has stands now (CSV: `listed`,
     * `follow_to`, `basis`, `release`; written by scripts/extract-adcvd-renumbering.ts).
     */
    scope_renumbering: z.string().optional(),
    /** The country of a case where the orders list's is wrong and the list alone cannot tell (case number → ISO code). */
    case_countries: z.record(z.string(), countryCode).default({}),
    /** Country names used by the source that are not ISO short names. */
    country_names: z.record(z.string(), countryCode).default({}),
    citations: z.array(citationSchema).min(1),
  })
  .strict();
export type AdcvdFile = z.infer<typeof adcvdFileSchema>;

/** Turns a zod error into one readable line per problem: `measures[3].rate.percent: expected …`. */
export function describeSchemaError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const at = issue.path
        .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
        .join('')
        .replace(/^\./, '');
      return `${at || '(root)'}: ${issue.message}`;
    })
    .join('; ');
}
