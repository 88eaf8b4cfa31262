import MiniSearch from 'minisearch';
import { attributesAlongPath, attributesInText, isResidualRow, PathRow, StatedAttributes } from './attributes';
import { chapterTitles, sectionTitles } from './chapters';
import { readNegations } from './negation';
import { negated, ShareCondition, shareConditionsInText, withoutFibreProportions } from './fibre-shares';
import { beyond, QuantityLimit, quantityLimitsInText } from './quantities';
import type { SearchableHtsLine } from './classify-ports';
import type { TextAnalyser } from './text-analysis';
import { ScheduleVocabulary, stemFamilies } from './vocabulary';
import { dottedHtsCode, type HtsRelease } from '../hts';

/** A row of the schedule placed in its tree. Grouping rows ("Men's or boys':") have no code. */
export interface ScheduleNode {
  code: string | null;
  description: string;
  descriptionPath: string;
  indent: number;
  parent: ScheduleNode | null;
  /** Content terms of the row's own description. */
  terms: string[];
  /** Content terms the row's wording rules out ("Coffee, not roasted": roasted). */
  negatedTerms: string[];
  /** Lower-cased own description, for the attribute rules. */
  folded: string;
  /** What the row's own wording says of the deciding attributes. */
  attributes: StatedAttributes;
  /** The fibre shares by weight the row's wording requires. */
  shareConditions: ShareCondition[];
  /** The measured limits (size, weight, output…) the row's wording sets. */
  quantityLimits: QuantityLimit[];
}

/** A line that can be answered: numbered, in chapters 01–97, with no numbered line below it. */
export interface ClassifiableLeaf {
  /** Index into SearchIndex.leaves, and the leaf document's id. */
  id: number;
  code: string;
  dottedCode: string;
  node: ScheduleNode;
  /** The 4-digit heading's node. */
  heading: ScheduleNode;
  /** The rows from just below the heading down to the leaf itself. */
  below: ScheduleNode[];
  /** Lower-cased, folded description path below the heading (where the attribute splits are written). */
  foldedBelow: string;
  /** Content terms of the rows below the heading down to the leaf. */
  belowTerms: Set<string>;
  /** Content terms of the leaf's own description (its most specific words). */
  ownTerms: Set<string>;
  /** Terms that two or more rows below the heading carry: the path narrows on them again (GRI 6). */
  repeatedTerms: Set<string>;
  /** Terms the rows below the heading rule out ("Not roasted"). */
  negatedTerms: Set<string>;
  /**
   * Terms the named siblings of a residual row on the path carry and the line does not: "Other"
   * beside "With handles" is the line for goods without them.
   */
  siblingTerms: Set<string>;
  /** What the chapter, the heading and the path below it say of the deciding attributes. */
  attributes: StatedAttributes;
  /** Attribute values the path rules out: a residual line ("Other") is not what its siblings are. */
  excluded: StatedAttributes;
  /** The fibre shares the path requires, a residual row's being the opposite of its siblings'. */
  shareConditions: ShareCondition[];
  /** The measured limits the path sets, a residual row's being beyond its siblings'. */
  quantityLimits: QuantityLimit[];
}

export interface HeadingEntry {
  code: string;
  node: ScheduleNode;
  leaves: ClassifiableLeaf[];
  /** Content terms of the heading's own text. */
  titleTerms: Set<string>;
  /** Content terms of the heading text's first clause: what the heading is chiefly about. */
  leadTerms: Set<string>;
  /** Content terms written anywhere below the heading. */
  bodyTerms: Set<string>;
  /** Content terms the heading's own text rules out. */
  negatedTerms: Set<string>;
  /** What the chapter title and the heading's own text say of the deciding attributes. */
  attributes: StatedAttributes;
  /**
   * For a heading of parts of the goods of other headings ("Parts suitable for use … with the
   * machinery of headings 8425 to 8430"), the wording of those headings: the parts of an
   * excavator are found through 8429's "excavators".
   */
  referencedTerms: Set<string>;
}

/** The offline search index of one HTS release. */
export interface SearchIndex {
  release: HtsRelease;
  leaves: ClassifiableLeaf[];
  headings: Map<string, HeadingEntry>;
  /** Heading documents: the heading's own words, and every word written below it. */
  headingSearch: MiniSearch;
  /** Leaf documents: the words below the heading down to the leaf, and the heading's words. */
  leafSearch: MiniSearch;
  /** Every numbered code of the release (digits): what "exists in the release" means. */
  codes: Set<string>;
  /** Heading → the headings of parts of its goods (8429 → 8431). */
  partsHeadings: Map<string, string[]>;
  /** Number of leaf documents each term occurs in, for weighing query terms. */
  documentFrequency: Map<string, number>;
  /** The schedule's words, for bridging from query words it does not use. */
  vocabulary: ScheduleVocabulary;
  builtInMs: number;
}

/** Chapters 98 and 99 hold special provisions and temporary measures, never the classification of a good. */
function isClassifiableChapter(code: string): boolean {
  return Number(code.slice(0, 2)) <= 97;
}

/**
 * Statistical lines of residual textile garments split by the quota category the goods fall in
 * ("Subject to wool restraints"), which is not what they are made of: read neither as wording
 * nor as a fibre.
 */
function withoutQuotaCategory(description: string): string {
  return description.replace(/\bsubject to [a-z ,-]*restraints\b/gi, '');
}

/**
 * The wording a row's goods answer to, without what it rules out: "Of iron (other than cast
 * iron) or steel" does not describe cast iron, "Fish, excluding fish fillets" not fillets, and
 * "Other than electric" nothing electric. The attribute rules read the whole text instead.
 */
export function affirmedWording(description: string): string {
  return readNegations(description, false).affirmed;
}

/**
 * The wording a row rules out: "Coffee, not roasted" rules out roasted goods, "Other than electric"
 * electric ones, "Without handles" handles, "Non-alloy" alloy. "Whether or not roasted" rules out nothing.
 */
export function negatedWording(description: string): string {
  return readNegations(description, false).negated.join(' ; ');
}

function placeNodes(lines: SearchableHtsLine[], analyser: TextAnalyser): ScheduleNode[] {
  const stack: ScheduleNode[] = [];
  return lines.map((line) => {
    while (stack.length > 0 && stack[stack.length - 1].indent >= line.indent) stack.pop();
    const wording = withoutQuotaCategory(line.description);
    const folded = wording.toLowerCase();
    const negation = readNegations(wording, false);
    const node: ScheduleNode = {
      code: line.code,
      description: line.description,
      descriptionPath: line.descriptionPath,
      indent: line.indent,
      parent: stack[stack.length - 1] ?? null,
      terms: analyser.terms(negation.affirmed),
      negatedTerms: analyser.terms(negation.negated.join(' ; ')),
      folded,
      attributes: attributesInText(withoutFibreProportions(folded)),
      shareConditions: shareConditionsInText(folded),
      quantityLimits: quantityLimitsInText(folded),
    };
    stack.push(node);
    return node;
  });
}

/**
 * The heading row is the top (indent 0) numbered row: written with 4 digits when the heading is
 * subdivided (6109), with 6 or more when it is not (2105.00, "Ice cream and other edible ice").
 */
function isHeadingRow(node: ScheduleNode): boolean {
  return node.code !== null && node.parent === null;
}

function ancestorsBelowHeading(node: ScheduleNode): { heading: ScheduleNode | null; below: ScheduleNode[] } {
  if (isHeadingRow(node)) return { heading: node, below: [node] };
  const below: ScheduleNode[] = [];
  let current: ScheduleNode | null = node;
  while (current && !isHeadingRow(current)) {
    below.unshift(current);
    current = current.parent;
  }
  return { heading: current, below };
}

/** Attributes a chapter's title settles for all its lines (the fabric of chapters 61/62, the material of 39, 73…). */
const chapterWideAttributes = new Set(['construction', 'material', 'fibre']);

/** What a section or chapter title says of the attributes a title can settle for all the lines below it. */
function titleRow(title: string): PathRow {
  return {
    own: new Map([...attributesInText(title.toLowerCase())].filter(([id]) => chapterWideAttributes.has(id))),
    siblings: null,
  };
}

/** Chapter → the rows above its headings: its section's title, then its own. */
function chapterRows(): Map<string, PathRow[]> {
  const rows = new Map<string, PathRow[]>();
  for (const [chapter, title] of Object.entries(chapterTitles)) {
    const section = sectionTitles.find(({ chapters: [from, to] }) => Number(chapter) >= from && Number(chapter) <= to);
    rows.set(chapter, [...(section ? [titleRow(section.title)] : []), titleRow(title)]);
  }
  return rows;
}

/** For each residual row, the opposite of the share conditions its siblings state. */
function residualShareConditions(residuals: Map<ScheduleNode, ScheduleNode[]>): Map<ScheduleNode, ShareCondition[]> {
  const result = new Map<ScheduleNode, ShareCondition[]>();
  for (const [node, siblings] of residuals) {
    const conditions = siblings.flatMap((sibling) => sibling.shareConditions.map(negated));
    if (conditions.length > 0) result.set(node, conditions);
  }
  return result;
}

/**
 * For each residual row, the opposite of the limit of each sibling that sets one ("Of an output not
 * exceeding 37.5 W" → "Other" exceeds it). A sibling with a range sets two limits: being outside
 * it is one of two things, so it is left out.
 */
function residualQuantityLimits(residuals: Map<ScheduleNode, ScheduleNode[]>): Map<ScheduleNode, QuantityLimit[]> {
  const result = new Map<ScheduleNode, QuantityLimit[]>();
  for (const [node, siblings] of residuals) {
    const limits = siblings.flatMap((sibling) =>
      sibling.quantityLimits.length === 1 ? [beyond(sibling.quantityLimits[0])] : [],
    );
    if (limits.length > 0) result.set(node, limits);
  }
  return result;
}

/** Each residual row ("Other", "Of other textile materials") with its siblings (the rows under the same parent). */
function residualRows(nodes: ScheduleNode[]): Map<ScheduleNode, ScheduleNode[]> {
  const children = new Map<ScheduleNode, ScheduleNode[]>();
  for (const node of nodes) {
    if (!node.parent) continue;
    const list = children.get(node.parent) ?? [];
    list.push(node);
    children.set(node.parent, list);
  }
  const result = new Map<ScheduleNode, ScheduleNode[]>();
  for (const siblings of children.values()) {
    for (const node of siblings)
      if (isResidualRow(node.folded))
        result.set(
          node,
          siblings.filter((sibling) => sibling !== node),
        );
  }
  return result;
}

/** The terms the named siblings of the residual rows among `rows` carry, leaving out those the line carries itself. */
function residualSiblingTerms(
  rows: ScheduleNode[],
  residuals: Map<ScheduleNode, ScheduleNode[]>,
  carried: (term: string) => boolean,
): Set<string> {
  const terms = new Set<string>();
  for (const row of rows)
    for (const sibling of residuals.get(row) ?? [])
      for (const term of sibling.terms) if (!carried(term)) terms.add(term);
  return terms;
}

/** For each residual row, what its siblings (the rows under the same parent) state. */
function siblingAttributes(residuals: Map<ScheduleNode, ScheduleNode[]>): Map<ScheduleNode, StatedAttributes> {
  const result = new Map<ScheduleNode, StatedAttributes>();
  for (const [node, siblings] of residuals) {
    const stated: StatedAttributes = new Map();
    for (const sibling of siblings) {
      for (const [id, values] of sibling.attributes) stated.set(id, new Set([...(stated.get(id) ?? []), ...values]));
    }
    result.set(node, stated);
  }
  return result;
}

/** The headings a parts heading's text refers to: "headings 8425 to 8430", "heading 8535, 8536 or 8537". */
export function referencedHeadings(description: string): string[] {
  if (!/^parts\b/i.test(description)) return [];
  const reference = /\bheadings? ((?:\d{4}(?:,\s*|\s+(?:to|or|and)\s+)?)+)/i.exec(description);
  if (!reference) return [];
  const codes: string[] = [];
  for (const match of reference[1].matchAll(/(\d{4})(?:\s+to\s+(\d{4}))?/g)) {
    const from = Number(match[1]);
    const to = match[2] ? Number(match[2]) : from;
    for (let code = from; code <= to && code - from < 50; code++) codes.push(String(code).padStart(4, '0'));
  }
  return codes;
}

/** Gives each parts heading the wording of the headings it refers to, and returns heading → its parts headings. */
function linkPartsHeadings(headings: Map<string, HeadingEntry>): Map<string, string[]> {
  const partsHeadings = new Map<string, string[]>();
  for (const entry of headings.values()) {
    for (const code of referencedHeadings(entry.node.description)) {
      const referenced = headings.get(code);
      if (!referenced || code === entry.code) continue;
      for (const term of referenced.titleTerms) if (!entry.titleTerms.has(term)) entry.referencedTerms.add(term);
      partsHeadings.set(code, [...(partsHeadings.get(code) ?? []), entry.code]);
    }
  }
  return partsHeadings;
}

/** The terms that two or more of the rows carry. */
function repeatedTerms(rows: ScheduleNode[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const row of rows) for (const term of new Set(row.terms)) (seen.has(term) ? repeated : seen).add(term);
  return repeated;
}

/** The 4-digit heading a heading row stands for. */
export function headingCode(node: ScheduleNode): string {
  return (node.code as string).slice(0, 4);
}

const searchOptions = {
  tokenize: (text: string) => (text === '' ? [] : text.split(' ')),
  processTerm: (term: string) => term,
};

function uniqueTerms(nodes: ScheduleNode[]): string {
  return [...new Set(nodes.flatMap((node) => node.terms))].join(' ');
}

/**
 * Builds the index of a release from its rows (schedule order): the tree, the classifiable leaves,
 * and two BM25 indexes (MiniSearch), one over headings and one over leaves. Every leaf is indexed
 * by its whole description path, because most leaves read "Other" on their own.
 */
export function buildSearchIndex(release: HtsRelease, lines: SearchableHtsLine[], analyser: TextAnalyser): SearchIndex {
  const started = performance.now();
  const nodes = placeNodes(lines, analyser);
  const hasNumberedChild = new Set<ScheduleNode>();
  for (const node of nodes) {
    if (node.code === null) continue;
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (hasNumberedChild.has(parent)) break;
      hasNumberedChild.add(parent);
    }
  }

  const chapters = chapterRows();
  const residuals = residualRows(nodes);
  const residualSiblings = siblingAttributes(residuals);
  const residualShares = residualShareConditions(residuals);
  const residualLimits = residualQuantityLimits(residuals);
  const pathRows = (heading: ScheduleNode, below: ScheduleNode[]): PathRow[] => [
    ...(chapters.get((heading.code as string).slice(0, 2)) ?? []),
    ...(heading === below[0] ? below : [heading, ...below]).map((row) => ({
      own: row.attributes,
      siblings: residualSiblings.get(row) ?? null,
    })),
  ];

  const headings = new Map<string, HeadingEntry>();
  const leaves: ClassifiableLeaf[] = [];
  const belowHeading = new Map<string, ScheduleNode[]>();
  for (const node of nodes) {
    if (node.code === null || !isClassifiableChapter(node.code)) continue;
    if (isHeadingRow(node) && !headings.has(headingCode(node))) {
      headings.set(headingCode(node), {
        code: headingCode(node),
        node,
        leaves: [],
        titleTerms: new Set(node.terms),
        leadTerms: new Set(analyser.terms(node.description.split(/[,;:(]/)[0])),
        bodyTerms: new Set(),
        negatedTerms: new Set(node.negatedTerms),
        attributes: attributesAlongPath(pathRows(node, [node])).stated,
        referencedTerms: new Set(),
      });
    }
    if (hasNumberedChild.has(node)) continue;
    const { heading, below } = ancestorsBelowHeading(node);
    if (!heading?.code) continue;
    const { stated, excluded } = attributesAlongPath(pathRows(heading, below));
    const rows = heading === below[0] ? below : [heading, ...below];
    const belowTerms = new Set(below.flatMap((row) => row.terms));
    const leaf: ClassifiableLeaf = {
      id: leaves.length,
      code: node.code,
      dottedCode: dottedHtsCode(node.code),
      node,
      heading,
      below,
      foldedBelow: below.map((row) => row.folded).join(' > '),
      belowTerms,
      ownTerms: new Set(node.terms),
      repeatedTerms: repeatedTerms(below),
      negatedTerms: new Set(below.flatMap((row) => row.negatedTerms)),
      siblingTerms: residualSiblingTerms(
        below,
        residuals,
        (term) => belowTerms.has(term) || heading.terms.includes(term),
      ),
      attributes: stated,
      excluded,
      shareConditions: rows.flatMap((row) => [...row.shareConditions, ...(residualShares.get(row) ?? [])]),
      quantityLimits: rows.flatMap((row) => [...row.quantityLimits, ...(residualLimits.get(row) ?? [])]),
    };
    leaves.push(leaf);
    headings.get(headingCode(heading))?.leaves.push(leaf);
  }
  for (const node of nodes) {
    if (isHeadingRow(node)) continue;
    const { heading } = ancestorsBelowHeading(node);
    if (!heading?.code) continue;
    const list = belowHeading.get(headingCode(heading)) ?? [];
    list.push(node);
    belowHeading.set(headingCode(heading), list);
    const entry = headings.get(headingCode(heading));
    for (const term of node.terms) entry?.bodyTerms.add(term);
  }

  const partsHeadings = linkPartsHeadings(headings);

  const headingSearch = new MiniSearch({ fields: ['title', 'body'], ...searchOptions });
  headingSearch.addAll(
    [...headings.values()].map((entry) => ({
      id: entry.code,
      title: entry.node.terms.join(' '),
      body: uniqueTerms(belowHeading.get(entry.code) ?? []),
    })),
  );
  const leafSearch = new MiniSearch({ fields: ['own', 'title'], ...searchOptions });
  leafSearch.addAll(
    leaves.map((leaf) => ({ id: leaf.id, own: uniqueTerms(leaf.below), title: leaf.heading.terms.join(' ') })),
  );

  const documentFrequency = new Map<string, number>();
  for (const leaf of leaves) {
    for (const term of new Set([...leaf.heading.terms, ...leaf.below.flatMap((row) => row.terms)])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }

  return {
    release,
    leaves,
    headings,
    headingSearch,
    leafSearch,
    codes: new Set(nodes.flatMap((node) => (node.code === null ? [] : [node.code]))),
    partsHeadings,
    documentFrequency,
    vocabulary: {
      has: (term) => documentFrequency.has(term),
      byStem: stemFamilies(documentFrequency.keys(), analyser),
    },
    builtInMs: performance.now() - started,
  };
}
