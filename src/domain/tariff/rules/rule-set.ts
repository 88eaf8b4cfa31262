import { claimCatalogue } from '../claims/claim-catalogue';
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  adcvdFileSchema,
  baseRatesFileSchema,
  countryGroupsFileSchema,
  describeSchemaError,
  feesFileSchema,
  measureFileSchema,
  productListsFileSchema,
  type BaseRatesFile,
  type Citation,
  type CountryGroupsFile,
  type FeesFile,
  type Measure,
  type MeasureExemption,
  type MeasureFile,
  type ProductListsFile,
} from './rule-schema';

/** One HTS prefix of an imported product list, with the dates the source gives it (if any). */
export interface ProductListEntry {
  prefix: string;
  from?: string;
  to?: string;
}

export interface ImportedProductList {
  entries: ProductListEntry[];
  /** An optional list whose source file was not in the data directory. */
  missing: boolean;
  /** Codes of the source that are not HTS numbers, left out. */
  rejected: string[];
}

export interface AdcvdRate {
  exporter: string;
  /** Percent, e.g. `26.6`. */
  percent: string;
  allOthers: boolean;
  effectiveFrom: string;
  effectiveTo?: string;
  federalRegisterDocument: string;
}

export interface AdcvdCase {
  caseNumber: string;
  type: 'AD' | 'CVD';
  country: string;
  product: string;
  htsPrefixes: string[];
  scopeNote: string;
  /** Absent for an order of the orders list, which lists orders in effect, not their dates. */
  orderDate?: string;
  revokedDate?: string;
  /** FR document of the monthly Commerce notice that lists the order as in effect. */
  listedIn?: string;
  rates: AdcvdRate[];
  /** Scope numbers the schedule no longer has, and what they are matched as now (their prefixes are in htsPrefixes). */
  renumbered?: AdcvdRenumbering[];
}

export interface AdcvdRenumbering {
  listed: string;
  followedTo: string[];
  /** `renumbered`: by a release we hold (named); `subheading`: a statistical number dropped earlier, matched by its subheading. */
  basis: 'renumbered' | 'subheading';
  release?: string;
}

/**
 * Everything a rule set is built from: the authored files (as parsed YAML, not yet validated) and the
 * imported lists. This bundle is what the database stores, so a stored rule set is rebuilt and
 * re-validated exactly as a fresh import.
 */
export interface RuleSetSources {
  measureFiles: Array<{ name: string; document: unknown }>;
  countryGroups: unknown;
  baseRates: unknown;
  fees: unknown;
  productLists: unknown;
  adcvd: unknown;
  lists: Record<string, ImportedProductList>;
  adcvdCases: AdcvdCase[];
  /** What the AD/CVD import set aside (seed rows that contradict Commerce's orders list). */
  adcvdWarnings?: string[];
}

export interface LoadedMeasure extends Measure {
  program: string;
  family: MeasureFile['family'];
  programTitle: string;
  /** The measure's own group, else its file's. */
  group?: string;
}

/**
 * The duty rules of one version as data: measures, lists, base rates, fees, validated by
 * {@link buildRuleSet} from the stored sources. The engine runs on its compiled index
 * (`TariffRules`, tariff-rules.ts), which `ActiveTariffRules` (active-tariff-rules.ts) swaps in after each import.
 */
export interface TariffRuleSet {
  /** `sha256:` + the first 16 hex digits of the hash of the sources: changes with any rule or list. */
  version: string;
  measures: LoadedMeasure[];
  countryGroups: CountryGroupsFile['groups'];
  baseRates: BaseRatesFile;
  fees: FeesFile;
  productLists: ProductListsFile['lists'];
  lists: Record<string, ImportedProductList>;
  adcvdCases: AdcvdCase[];
  adcvdCitations: Citation[];
  /** Data gaps found while building (e.g. an optional list not in the data directory). */
  warnings: string[];
}

/** The rule data is invalid; the message names the file and the field. Nothing of it is used. */
export class RuleDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleDataError';
  }
}

function validate<T>(schema: z.ZodType<T>, document: unknown, name: string): T {
  const result = schema.safeParse(document);
  if (!result.success) throw new RuleDataError(`${name}: ${describeSchemaError(result.error)}`);
  return result.data;
}

/** JSON with sorted keys, so the version does not depend on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function ruleSetVersion(sources: RuleSetSources): string {
  return `sha256:${crypto.createHash('sha256').update(canonicalJson(sources)).digest('hex').slice(0, 16)}`;
}

/**
 * Validates the sources and their cross-references (lists, groups, interaction targets, unique ids)
 * and returns the rule set. Throws RuleDataError with a precise reason on the first problem found.
 */
export function buildRuleSet(sources: RuleSetSources): TariffRuleSet {
  const countryGroups = validate(countryGroupsFileSchema, sources.countryGroups, 'country-groups.yaml').groups;
  const baseRates = validate(baseRatesFileSchema, sources.baseRates, 'base-rates.yaml');
  const fees = validate(feesFileSchema, sources.fees, 'fees.yaml');
  const productLists = validate(productListsFileSchema, sources.productLists, 'product-lists.yaml').lists;
  const adcvd = validate(adcvdFileSchema, sources.adcvd, 'adcvd.yaml');

  const measures: LoadedMeasure[] = [];
  const programs = new Set<string>();
  for (const { name, document } of sources.measureFiles) {
    const file = validate(measureFileSchema, document, name);
    if (programs.has(file.program))
      throw new RuleDataError(`${name}: program "${file.program}" is defined in two files`);
    programs.add(file.program);
    for (const measure of file.measures) {
      measures.push({
        ...measure,
        program: file.program,
        family: file.family,
        programTitle: file.title,
        group: measure.group ?? file.group,
      });
    }
  }

  const ids = new Set<string>();
  const groupRef = (ref: string, where: string) => {
    if (ref.startsWith('@') && !countryGroups[ref.slice(1)])
      throw new RuleDataError(`${where}: unknown country group ${ref}`);
  };
  const listRef = (list: string, where: string) => {
    if (!productLists[list])
      throw new RuleDataError(`${where}: product list "${list}" is not declared in product-lists.yaml`);
    if (!sources.lists[list]) throw new RuleDataError(`${where}: product list "${list}" was not imported`);
  };
  for (const measure of measures) {
    const where = `measure ${measure.id}`;
    if (ids.has(measure.id)) throw new RuleDataError(`${where}: duplicate measure id`);
    ids.add(measure.id);
    for (const ref of [...(measure.countries.include ?? []), ...(measure.countries.exclude ?? [])])
      groupRef(ref, where);
    for (const scoped of [...measure.exemptions, ...measure.possible_exemptions]) {
      for (const ref of [...(scoped.countries?.include ?? []), ...(scoped.countries?.exclude ?? [])])
        groupRef(ref, where);
      for (const list of [...(scoped.products?.include_lists ?? []), ...(scoped.products?.exclude_lists ?? [])])
        listRef(list, where);
    }
    for (const claim of [
      ...measure.exemptions.map((exemption) => exemption.requires?.claim),
      ...measure.confirmations.map((confirmation) => confirmation.claim),
      ...measure.conditions.map((condition) => (condition.kind === 'claimed' ? condition.claim : undefined)),
    ]) {
      if (claim && !claimCatalogue.has(claim))
        throw new RuleDataError(`${where}: names unknown claim "${claim}" (claims.yaml)`);
    }
    for (const exemption of measure.exemptions) checkOriginHeading(exemption, where);
    for (const list of [...(measure.products.include_lists ?? []), ...(measure.products.exclude_lists ?? [])])
      listRef(list, where);
    if (measure.heading_when_met && measure.rate.kind !== 'floor')
      throw new RuleDataError(`${where}: heading_when_met is only for floor rates`);
  }
  for (const measure of measures) {
    for (const interaction of measure.interactions) {
      if (interaction.measure && !ids.has(interaction.measure)) {
        throw new RuleDataError(`measure ${measure.id}: interaction names unknown measure "${interaction.measure}"`);
      }
      if (interaction.program && !programs.has(interaction.program)) {
        throw new RuleDataError(`measure ${measure.id}: interaction names unknown program "${interaction.program}"`);
      }
    }
  }
  for (const [code, program] of Object.entries(baseRates.special_programs)) {
    for (const ref of program.countries ?? []) groupRef(ref, `special program ${code}`);
  }
  groupRef(baseRates.column2_group, 'base-rates.yaml column2_group');
  for (const inLieu of baseRates.column2_in_lieu) {
    for (const list of [...(inLieu.products.include_lists ?? []), ...(inLieu.products.exclude_lists ?? [])])
      listRef(list, `base-rates.yaml column2_in_lieu ${inLieu.heading}`);
  }

  const warnings = Object.entries(sources.lists)
    .flatMap(([id, list]) => [
      ...(list.missing
        ? [
            `Product list "${id}" (${productLists[id]?.description ?? id}) is not in the data directory; measures using it apply without it.`,
          ]
        : []),
      ...(list.rejected.length > 0
        ? [
            `Product list "${id}": ${list.rejected.length} malformed code(s) left out (${list.rejected.slice(0, 5).join(', ')}).`,
          ]
        : []),
    ])
    .concat(sources.adcvdWarnings ?? []);

  return {
    version: ruleSetVersion(sources),
    measures,
    countryGroups,
    baseRates,
    fees,
    productLists,
    lists: sources.lists,
    adcvdCases: sources.adcvdCases,
    adcvdCitations: adcvd.citations,
    warnings,
  };
}

/**
 * An exemption taking a claim whose heading is chosen by the origin (headings_by_origin) names
 * origins of that claim only, each reported under the exemption's own heading.
 */
function checkOriginHeading(exemption: MeasureExemption, where: string): void {
  const byOrigin = exemption.requires?.claim && claimCatalogue.get(exemption.requires.claim)?.headings_by_origin;
  if (!byOrigin) return;
  const origins = exemption.countries?.include ?? [];
  if (origins.length === 0 || origins.some((origin) => byOrigin[origin] !== exemption.heading))
    throw new RuleDataError(
      `${where}: the exemption under ${exemption.heading ?? 'no heading'} takes the claim ${exemption.requires?.claim} for origins [${origins.join(', ')}], whose headings in claims.yaml differ`,
    );
}
