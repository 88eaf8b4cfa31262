import Decimal from 'decimal.js';
import { LRUCache } from 'lru-cache';
import type {
  AdValoremTerm,
  RateExpression,
  RateTerm,
  SpecialColumn,
  SpecialOffer,
  SpecialReference,
  SpecificTerm,
  Unparseable,
} from './rate-text.model';
import { canonicalUnit } from './rate-units';

/**
 * Parser for HTS rate-of-duty texts. It recognises the shapes found in the USITC schedule
 * (`Free`, `6.5%`, `1¢/kg`, `$1.35/doz.`, `2.2¢/kg + 10%`, `$1.50 each + 65% + 25¢/jewel`, the
 * special column's `Free (A,AU,BH,…)` groups, Chapter 99's "The duty provided in the applicable
 * subheading + 25%"). Whatever it cannot read is returned as `unparseable` with the raw text: a
 * caller can never mistake it for a zero rate.
 */

/** Collapses the layout noise of the USITC exports: line breaks, hyphenated line ends, odd spacing. */
export function normalizeRateText(raw: string): string {
  return raw
    .replace(/\s+/g, ' ')
    .replace(/([a-z])- ([a-z])/g, '$1$2') // "appli- cable" → "applicable"
    .replace(/¢\s+\//g, '¢/')
    .replace(/\b(m[23])(of|on) /g, '$1 $2 ') // "m2of recording surface"
    .replace(/\((\w{1,2}[*+]?) \(\1\)/g, '($1)') // a doubled "(PA (PA)" typo in the schedule
    .replace(/\/\s+/g, '/')
    .replace(/\s*\+\s*(?![\s,)]*[,)])/g, ' + ') // but not the "+" of a program such as A+
    .trim()
    .replace(/\.$/, '')
    .trim();
}

function unparseable(raw: string, reason: string): Unparseable {
  return { kind: 'unparseable', raw, flagged: true, reason };
}

const number = String.raw`\d+ \d+\/\d+|\d+(?:,\d{3})*(?:\.\d+)?|\.\d+`;
const adValoremPattern = new RegExp(String.raw`^(${number})\s*(?:%|percent)(?:\s+(?:on|of)\s+(.+))?$`, 'i');
const moneyPattern = new RegExp(String.raw`^(?:\$\s*(${number})|(${number})\s*¢)\s*(.*)$`);

/** `1,234.5` → `1234.5`; `33 1/3` → the fraction to 10 decimal places. */
function decimalText(text: string): string {
  const fraction = /^(\d+) (\d+)\/(\d+)$/.exec(text);
  if (fraction) {
    return new Decimal(fraction[1])
      .plus(new Decimal(fraction[2]).dividedBy(fraction[3]))
      .toDecimalPlaces(10)
      .toString();
  }
  return new Decimal(text.replace(/,/g, '')).toString();
}

function parseAdValorem(text: string): AdValoremTerm | null {
  const match = adValoremPattern.exec(text);
  if (!match) return null;
  const term: AdValoremTerm = { kind: 'ad_valorem', percent: decimalText(match[1]) };
  if (match[2]) term.on = match[2].replace(/^the value of /i, '').trim();
  return term;
}

/** Splits `kg on drained weight` into the unit and its qualifier. */
const unitQualifier = /^(.+?)(?:,?\s+(on|of|including)\s+(.+))?$/;

function parseSpecific(text: string): SpecificTerm | null {
  const match = moneyPattern.exec(text);
  if (!match) return null;
  const dollars =
    match[1] !== undefined ? new Decimal(decimalText(match[1])) : new Decimal(decimalText(match[2])).dividedBy(100);
  const rest = match[3].trim();
  let unitText: string;
  let on: string | undefined;
  if (/^each$/i.test(rest)) {
    unitText = 'each';
  } else if (/^for each other piece or part$/i.test(rest)) {
    unitText = 'piece or part';
    on = 'other pieces or parts';
  } else if (rest.startsWith('/')) {
    const qualified = unitQualifier.exec(rest.slice(1).trim());
    if (!qualified) return null;
    unitText = qualified[1].trim();
    if (qualified[2]) on = `${qualified[2].toLowerCase()} ${qualified[3].trim()}`;
  } else {
    return null;
  }
  const overMatch = /^(jewel) over (\d+)$/i.exec(unitText);
  if (overMatch) {
    unitText = overMatch[1];
    on = `jewels over ${overMatch[2]}`;
  }
  // "$1.20/1,000 pins": a price per thousand of the named article.
  const perThousand = /^1,?000(?: (.+))?$/.exec(unitText);
  if (perThousand) {
    const term: SpecificTerm = {
      kind: 'specific',
      amount: dollars.dividedBy(1000).toString(),
      currency: 'USD',
      unit: 'No.',
      unitText,
    };
    if (perThousand[1]) term.on = perThousand[1];
    return term;
  }
  const unit = /^line\/gross$/i.test(unitText)
    ? 'line/gross'
    : unitText === 'piece or part'
      ? 'No.'
      : canonicalUnit(unitText);
  if (!unit) return null;
  const term: SpecificTerm = { kind: 'specific', amount: dollars.toString(), currency: 'USD', unit, unitText };
  if (on) term.on = on;
  return term;
}

function parseTerm(text: string): RateTerm | null {
  return parseAdValorem(text) ?? parseSpecific(text.trim());
}

/** Splits at top-level `+` signs (never inside parentheses). */
function splitTerms(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === '+' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current.trim());
  return parts;
}

const polarizationPattern = new RegExp(
  String.raw`^(${number})¢/kg less (${number})¢/kg for each degree under 100 degrees \(and fractions of a degree in proportion\) but not less (?:than )?(${number})¢/kg$`,
);

const referencePatterns: RegExp[] = [
  /^the (?:duty )?rate (?:of duty )?(?:applicable|provided)\b/i,
  /^see (?:additional )?u\.s\. note\b/i,
  /^a duty (?:\(.*?\) )?(?:upon|equal to)\b/i,
];

const applicableSubheading =
  /^the duty provided (?:for )?in ?(the applicable subheading|subheadings? [\d.,\s]+(?:or [\d.]+)?)(.*)$/i;

// A release has a few thousand distinct rate texts, read on every calculation: each is parsed once.
// The results are shared between callers, so they are frozen.
const parsedExpressions = new LRUCache<string, RateExpression>({ max: 20_000 });
const parsedSpecialColumns = new LRUCache<string, SpecialColumn>({ max: 20_000 });

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function remembered<T extends object>(cache: LRUCache<string, T>, raw: string, parse: (raw: string) => T): T {
  let parsed = cache.get(raw);
  if (parsed === undefined) {
    parsed = deepFreeze(parse(raw));
    cache.set(raw, parsed);
  }
  return parsed;
}

/**
 * Parses a general, column 2 or Chapter 99 rate text (anything but the special column's groups).
 */
export function parseRateExpression(raw: string): RateExpression {
  return remembered(parsedExpressions, raw, readRateExpression);
}

function readRateExpression(raw: string): RateExpression {
  const text = normalizeRateText(raw);
  if (text === '') return unparseable(raw, 'empty rate text');
  if (/^free$/i.test(text)) return { kind: 'free', raw };
  const freeWithProviso = /^free,\s*(.+)$/i.exec(text);
  if (freeWithProviso) return { kind: 'free', raw, proviso: freeWithProviso[1] };
  if (/^no (?:change|additional duty)$/i.test(text)) return { kind: 'no_change', raw };

  const chapter99 = applicableSubheading.exec(text.replace(/provided inthe/i, 'provided in the'));
  if (chapter99) return parseApplicableSubheading(raw, chapter99[2].trim());
  const minus = new RegExp(String.raw`^the duty rate provided in such subheading minus (${number})%$`, 'i').exec(text);
  if (minus) return { kind: 'applicable_subheading', raw, additional: [], minusPercent: decimalText(minus[1]) };

  const polarization = polarizationPattern.exec(text);
  if (polarization) {
    return {
      kind: 'polarization_scale',
      raw,
      amountAt100: new Decimal(decimalText(polarization[1])).dividedBy(100).toString(),
      decrementPerDegree: new Decimal(decimalText(polarization[2])).dividedBy(100).toString(),
      minimum: new Decimal(decimalText(polarization[3])).dividedBy(100).toString(),
      unit: 'kg',
    };
  }
  if (referencePatterns.some((pattern) => pattern.test(text))) return { kind: 'reference', raw, refersTo: text };

  // "… but if consisting in part of a plate … the total duty shall not exceed …": a cap we keep as a proviso.
  const [body, proviso] = text.split(/, but if /i);
  const terms: RateTerm[] = [];
  for (const part of splitTerms(body)) {
    const term = parseTerm(part);
    if (!term) return unparseable(raw, `unrecognised rate term "${part}"`);
    terms.push(term);
  }
  if (proviso !== undefined) return { kind: 'compound', raw, terms, proviso: `but if ${proviso}` };
  if (terms.length === 1) {
    const [term] = terms;
    return term.kind === 'ad_valorem' ? { kind: 'ad_valorem', raw, term } : { kind: 'specific', raw, term };
  }
  return { kind: 'compound', raw, terms };
}

function parseApplicableSubheading(raw: string, rest: string): RateExpression {
  const remainder = rest.replace(/^(\+|plus)\s*/i, '').trim();
  if (remainder === '') return { kind: 'applicable_subheading', raw, additional: [] };
  if (!/^(\+|plus)/i.test(rest)) return unparseable(raw, `unrecognised text after "applicable subheading": "${rest}"`);
  const additional: RateTerm[] = [];
  for (const part of splitTerms(remainder)) {
    // "a duty of 25% upon the value of the non-U.S. content"
    const contentDuty = /^a duty of (.+?)%\s+upon (?:the value of )?(.+)$/i.exec(part);
    const term = contentDuty ? parseAdValorem(`${contentDuty[1]}% on ${contentDuty[2]}`) : parseTerm(part);
    if (!term) return unparseable(raw, `unrecognised additional duty "${part}"`);
    additional.push(term);
  }
  return { kind: 'applicable_subheading', raw, additional };
}

const programList = /^[A-Z]{1,2}[*+]?$/;

function parsePrograms(list: string): string[] | null {
  const programs = list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return programs.length > 0 && programs.every((item) => programList.test(item)) ? programs : null;
}

/**
 * Parses the special column: a sequence of `rate (programs)` groups and `See provisions (programs)`
 * pointers, e.g. `Free (A,AU,BH,CL) 6.5% (KR) See 9822.04.01-9822.04.03 (AU)`. A Chapter 99 special
 * text without a program list applies to every program.
 */
export function parseSpecialColumn(raw: string): SpecialColumn {
  return remembered(parsedSpecialColumns, raw, readSpecialColumn);
}

function readSpecialColumn(raw: string): SpecialColumn {
  const text = normalizeRateText(raw);
  if (text === '') return { kind: 'none', raw: '' };
  const groups = programGroups(text);
  if (groups.length === 0) return wholeColumn(raw, text);
  const offers: SpecialOffer[] = [];
  const references: SpecialReference[] = [];
  for (const { head, programs } of groups) {
    const see = /^see (.+)$/i.exec(head);
    if (see) {
      references.push({ provisions: see[1].trim(), programs });
      continue;
    }
    const rate = parseRateExpression(head);
    if (rate.kind === 'unparseable') return unparseable(raw, `special column: ${rate.reason}`);
    offers.push({ rate, programs });
  }
  return { kind: 'special', raw, offers, references };
}

/**
 * Cuts the text at each parenthesised program list; other parentheses (such as "(and fractions of a
 * degree in proportion)") stay in the rate text. Text after the last list makes the whole unusable.
 */
function programGroups(text: string): Array<{ head: string; programs: string[] }> {
  const groups: Array<{ head: string; programs: string[] }> = [];
  let headStart = 0;
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf('(', index);
    if (open < 0) break;
    const close = text.indexOf(')', open);
    if (close < 0) break;
    const programs = parsePrograms(text.slice(open + 1, close));
    if (programs) {
      groups.push({ head: text.slice(headStart, open).trim(), programs });
      headStart = close + 1;
    }
    index = close + 1;
  }
  if (groups.length > 0 && text.slice(headStart).trim() !== '') return [];
  return groups;
}

function wholeColumn(raw: string, text: string): SpecialColumn {
  const rate = parseRateExpression(text);
  if (rate.kind === 'unparseable') return unparseable(raw, `special column: ${rate.reason}`);
  return { kind: 'special', raw, offers: [{ rate: { ...rate, raw }, programs: 'all' }], references: [] };
}
