import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { parse as parseYaml } from 'yaml';
import { codeDir } from '../../config/paths';
import {
  type AdcvdCase,
  type AdcvdFile,
  type AdcvdRenumbering,
  adcvdFileSchema,
  countryCodeForName,
  describeSchemaError,
  type ImportedProductList,
  type ProductListEntry,
  type ProductListsFile,
  productListsFileSchema,
  RuleDataError,
  type RuleSetSources,
} from '../../domain/tariff';

/** The authored rule files, shipped with the code (they are data, edited with a test, never code). */
export const measuresDir = path.join(codeDir, 'domain', 'tariff', 'measures');

const fixedFiles = ['country-groups.yaml', 'base-rates.yaml', 'fees.yaml', 'product-lists.yaml', 'adcvd.yaml'];

function readYaml(file: string): unknown {
  try {
    // YAML 1.1 merge keys (`<<: *template`) let measure files share their common parts; the files are
    // our own, so the alias-count guard against hostile input is off.
    return parseYaml(fs.readFileSync(file, 'utf8'), { merge: true, maxAliasCount: -1 });
  } catch (error) {
    throw new RuleDataError(`${path.basename(file)}: ${(error as Error).message}`);
  }
}

function readCsv(file: string): Array<Record<string, string>> {
  return parseCsv(fs.readFileSync(file), {
    columns: true,
    bom: true,
    comment: '#',
    skip_empty_lines: true,
    trim: true,
  }) as Array<Record<string, string>>;
}

const digitsOnly = (code: string) => code.replace(/[^0-9]/g, '');

function readList(id: string, spec: ProductListsFile['lists'][string], dataDir: string): ImportedProductList {
  const file = path.join(dataDir, spec.source);
  if (!fs.existsSync(file)) {
    if (spec.optional) return { entries: [], missing: true, rejected: [] };
    throw new RuleDataError(`product list "${id}": source ${spec.source} is not in the data directory ${dataDir}`);
  }
  let entries: ProductListEntry[];
  if (spec.format === 'lines') {
    entries = fs
      .readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map(digitsOnly)
      .filter(Boolean)
      .map((prefix) => ({ prefix }));
  } else if (spec.format === 'json_array') {
    const document = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const array = spec.key ? document[spec.key] : document;
    if (!Array.isArray(array))
      throw new RuleDataError(`product list "${id}": ${spec.source} has no array at "${spec.key ?? '(root)'}"`);
    entries = array.map((code) => ({ prefix: digitsOnly(String(code)) }));
  } else {
    const column = spec.code_column;
    if (!column) throw new RuleDataError(`product list "${id}": a csv list needs code_column`);
    const rows = readCsv(file);
    if (rows.length > 0 && !(column in rows[0]))
      throw new RuleDataError(`product list "${id}": ${spec.source} has no column "${column}"`);
    const where = Object.entries(spec.where ?? {});
    const members = Object.entries(spec.where_member ?? {});
    entries = rows
      .filter(
        (row) =>
          where.every(([key, wanted]) => (Array.isArray(wanted) ? wanted.includes(row[key]) : row[key] === wanted)) &&
          members.every(([key, wanted]) => (row[key] ?? '').split(';').includes(wanted)),
      )
      .map((row) => {
        const entry: ProductListEntry = { prefix: digitsOnly(row[column]) };
        const from = spec.from_column ? row[spec.from_column] : '';
        const to = spec.to_column ? row[spec.to_column] : '';
        if (/^\d{4}-\d{2}-\d{2}$/.test(from)) entry.from = from;
        if (/^\d{4}-\d{2}-\d{2}$/.test(to)) entry.to = to;
        return entry;
      });
  }
  // A malformed code in a third-party list is set aside and reported, not guessed at.
  const valid = entries.filter((entry) => /^\d{2,10}$/.test(entry.prefix));
  const rejected = entries.filter((entry) => !/^\d{2,10}$/.test(entry.prefix)).map((entry) => entry.prefix);
  if (valid.length === 0) throw new RuleDataError(`product list "${id}": no usable rows of ${spec.source} match`);
  return { entries: valid, missing: false, rejected };
}

/** One order of Commerce's orders list (data/tariff/adcvd/adcvd_orders.json). */
interface ListedOrder {
  kind: string;
  iso: string;
  product: string;
  case: string;
  listed_in: string;
  source: string | null;
  title?: string;
  hts: string[];
}

const productKey = (product: string) =>
  product
    .toLowerCase()
    .replace(/^certain\s+/, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

function readSeedOrders(spec: AdcvdFile, dataDir: string): AdcvdCase[] {
  const ordersFile = path.join(dataDir, spec.orders_source);
  const ratesFile = path.join(dataDir, spec.rates_source);
  if (!fs.existsSync(ordersFile) || !fs.existsSync(ratesFile)) return [];
  const rates = readCsv(ratesFile);
  return readCsv(ordersFile).map((order) => {
    const country = spec.country_names[order.country] ?? countryCodeForName(order.country);
    if (!country)
      throw new RuleDataError(
        `adcvd.yaml: country "${order.country}" of case ${order.case_number} is not known; add it to country_names`,
      );
    return {
      caseNumber: order.case_number,
      type: order.duty_type === 'CVD' ? 'CVD' : 'AD',
      country,
      product: order.product,
      htsPrefixes: order.hts_prefixes
        .split(/[;|\s]+/)
        .map(digitsOnly)
        .filter(Boolean),
      scopeNote: order.scope_note,
      orderDate: order.order_date,
      ...(order.revoked_date ? { revokedDate: order.revoked_date } : {}),
      rates: rates
        .filter((rate) => rate.case_number === order.case_number)
        .map((rate) => ({
          exporter: rate.exporter,
          // The source gives a fraction (0.2660 = 26.60%).
          percent: new Decimal(rate.rate).times(100).toString(),
          allOthers: rate.is_all_others.toUpperCase() === 'TRUE',
          effectiveFrom: rate.effective_from,
          ...(rate.effective_to ? { effectiveTo: rate.effective_to } : {}),
          federalRegisterDocument: rate.fr_document_number,
        })),
    };
  });
}

/** The scope numbers the newest release no longer has, by number, with what they are matched as now. */
function readRenumbering(file: string | null): Map<string, AdcvdRenumbering> {
  const followed = new Map<string, AdcvdRenumbering>();
  if (!file || !fs.existsSync(file)) return followed;
  for (const row of readCsv(file)) {
    if (row.basis !== 'renumbered' && row.basis !== 'subheading') continue;
    followed.set(row.listed, {
      listed: row.listed,
      followedTo: row.follow_to.split(';').filter(Boolean),
      basis: row.basis,
      ...(row.release ? { release: row.release } : {}),
    });
  }
  return followed;
}

/** The case number's country code (A-570-053: 570), which Commerce gives every case of one country. */
const caseCountryCode = (caseNumber: string) => caseNumber.slice(2, 5);

/**
 * The list's country of each case, corrected where it contradicts the case number: a case is read
 * as the country that more cases of its country code carry than its own (the list files two Taiwan
 * cases, 583, under Türkiye), or as adcvd.yaml's `case_countries` says where the list alone cannot
 * decide. Each correction is reported.
 */
function caseCountries(
  orders: ListedOrder[],
  named: Record<string, string>,
): { countryOf: (order: ListedOrder) => string; warnings: string[] } {
  const byCode = new Map<string, Map<string, number>>();
  for (const order of orders) {
    const counts = byCode.get(caseCountryCode(order.case)) ?? new Map<string, number>();
    counts.set(order.iso, (counts.get(order.iso) ?? 0) + 1);
    byCode.set(caseCountryCode(order.case), counts);
  }
  const warnings: string[] = [];
  const corrected = new Map<string, string>();
  for (const order of orders) {
    const counts = byCode.get(caseCountryCode(order.case)) ?? new Map<string, number>();
    const [majority, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    const country =
      named[order.case] ?? (majority !== undefined && count > (counts.get(order.iso) ?? 0) ? majority : order.iso);
    if (country === order.iso) continue;
    corrected.set(order.case, country);
    warnings.push(
      `AD/CVD case ${order.case} is listed under ${order.iso}; its case number's country code ${caseCountryCode(order.case)} is ${country}'s, so it is read as ${country}.`,
    );
  }
  return { countryOf: (order) => corrected.get(order.case) ?? order.iso, warnings };
}

/**
 * The orders list as cases; HTS numbers of 9 or 12 digits are extraction artefacts of the list and
 * are left out, and a number the schedule no longer has is also matched as what stands for it now.
 */
function readListedOrders(
  file: string,
  renumberingFile: string | null,
  named: Record<string, string>,
): { cases: AdcvdCase[]; warnings: string[] } {
  const document = JSON.parse(fs.readFileSync(file, 'utf8')) as { orders: ListedOrder[] };
  const followed = readRenumbering(renumberingFile);
  const { countryOf, warnings } = caseCountries(document.orders, named);
  const cases = document.orders.map((order): AdcvdCase => {
    const listed = order.hts.filter((code) => /^\d{4}(\d{2}){0,3}$/.test(code));
    const renumbered = listed.flatMap((code) => followed.get(code) ?? []);
    return {
      caseNumber: order.case,
      type: order.kind === 'CVD' ? 'CVD' : 'AD',
      country: countryOf(order),
      product: order.product,
      htsPrefixes: [...new Set([...listed, ...renumbered.flatMap((entry) => entry.followedTo)])],
      scopeNote: order.source
        ? `HTS numbers as the scope in FR doc ${order.source} gives them`
        : 'no scope notice found for the case',
      listedIn: order.listed_in,
      rates: [],
      ...(renumbered.length > 0 ? { renumbered } : {}),
    };
  });
  return { cases, warnings };
}

/**
 * The AD/CVD cases: Commerce's orders list when the data directory has it, with the rates of the
 * seed rows whose case names the same product; seed cases the list lacks are kept as they are.
 */
function readAdcvd(document: unknown, dataDir: string): { cases: AdcvdCase[]; warnings: string[] } {
  const parsed = adcvdFileSchema.safeParse(document);
  if (!parsed.success) throw new RuleDataError(`adcvd.yaml: ${describeSchemaError(parsed.error)}`);
  const seed = readSeedOrders(parsed.data, dataDir);
  const listFile = parsed.data.orders_list ? path.join(dataDir, parsed.data.orders_list) : null;
  if (!listFile || !fs.existsSync(listFile)) return { cases: seed, warnings: [] };
  const renumbering = parsed.data.scope_renumbering ? path.join(dataDir, parsed.data.scope_renumbering) : null;
  const { cases: listed, warnings } = readListedOrders(listFile, renumbering, parsed.data.case_countries);
  for (const order of seed) {
    const match = listed.find((entry) => entry.caseNumber === order.caseNumber);
    if (!match) {
      listed.push(order);
    } else if (productKey(match.product) !== productKey(order.product) || match.country !== order.country) {
      warnings.push(
        `AD/CVD seed case ${order.caseNumber} (${order.product}, ${order.country}) is ${match.product} (${match.country}) in Commerce's list; its seed rates are left out.`,
      );
    } else {
      match.rates = order.rates;
      match.orderDate = order.orderDate;
      match.htsPrefixes = [...new Set([...match.htsPrefixes, ...order.htsPrefixes])];
    }
  }
  return { cases: listed, warnings };
}

/**
 * Reads the authored rule files and imports the product lists and AD/CVD cases they name from the
 * data directory. The result is validated by buildRuleSet (domain), which refuses bad data.
 */
export function readTariffRuleSources(options: { dataDir: string; dir?: string }): RuleSetSources {
  const dir = options.dir ?? measuresDir;
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  const fixed = Object.fromEntries(fixedFiles.map((name) => [name, readYaml(path.join(dir, name))]));
  const declared = productListsFileSchema.safeParse(fixed['product-lists.yaml']);
  if (!declared.success) throw new RuleDataError(`product-lists.yaml: ${describeSchemaError(declared.error)}`);
  const lists = Object.fromEntries(
    Object.entries(declared.data.lists).map(([id, spec]) => [id, readList(id, spec, options.dataDir)]),
  );
  const adcvd = readAdcvd(fixed['adcvd.yaml'], options.dataDir);
  return {
    measureFiles: names
      .filter((name) => !fixedFiles.includes(name))
      .map((name) => ({ name, document: readYaml(path.join(dir, name)) })),
    countryGroups: fixed['country-groups.yaml'],
    baseRates: fixed['base-rates.yaml'],
    fees: fixed['fees.yaml'],
    productLists: fixed['product-lists.yaml'],
    adcvd: fixed['adcvd.yaml'],
    lists,
    adcvdCases: adcvd.cases,
    adcvdWarnings: adcvd.warnings,
  };
}
