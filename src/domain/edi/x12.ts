/**
 * ANSI X12 interchanges, read and written without a library (issue 36: node-x12 is in maintenance
 * mode and knows neither repetition separators nor a 997 beside a TA1). Reading never throws for an
 * envelope that is wrong but legible: each problem is an issue on the interchange, the group or the
 * transaction set it spoils, so the good sets of an interchange still apply and the acknowledgement
 * can name every fault. Only text that is not an X12 interchange at all raises an `EdiError`.
 */
import { misplaced, present, reusedControl, sameNumber, trailerMismatch } from './envelope-checks';
import { EdiError, type EdiIssue } from './errors';
import { ccyymmdd, checkElements, digits, type ElementRule, hhmm, yymmdd } from './element-rules';
import {
  type Delimiters,
  type EdiSegment,
  elementName,
  elementValue,
  simpleElement,
  tagIssue,
  tokenize,
  writeSegment,
} from './segments';

export interface X12TransactionSet {
  st: EdiSegment;
  /** The segments between ST and SE. */
  segments: EdiSegment[];
  se: EdiSegment | null;
  issues: EdiIssue[];
}

export interface X12Group {
  gs: EdiSegment;
  sets: X12TransactionSet[];
  ge: EdiSegment | null;
  issues: EdiIssue[];
}

export interface X12Interchange {
  delimiters: Delimiters;
  /** ISA01–ISA16 as written, padding included. */
  isa: EdiSegment;
  /** Interchange acknowledgements (TA1), which stand between ISA and the first GS. */
  ta1s: EdiSegment[];
  groups: X12Group[];
  iea: EdiSegment | null;
  /** Issues of the interchange envelope itself (ISA/IEA, segments outside any group): they reject it all. */
  issues: EdiIssue[];
}

/** ISA's element widths: the segment is fixed width, which is how its delimiters are found. */
export const isaWidths = [2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1] as const;
const isaLength = 3 + isaWidths.reduce((sum, w) => sum + w + 1, 0) + 1;

/** The functional group (GS01) each transaction set we know belongs in. */
export const functionalGroupOf: Readonly<Record<string, string>> = {
  '204': 'SM',
  '210': 'IN',
  '214': 'QM',
  '310': 'IO',
  '315': 'QO',
  '322': 'SO',
  '856': 'SH',
  '990': 'GF',
  '997': 'FA',
  '999': 'FA',
};

const isaRules: ElementRule[] = [
  { n: 1, required: true, codes: ['00', '01', '02', '03', '04', '05', '06'] },
  { n: 3, required: true, codes: ['00', '01'] },
  { n: 5, required: true },
  { n: 6, required: true },
  { n: 7, required: true },
  { n: 8, required: true },
  { n: 9, required: true, ...yymmdd },
  { n: 10, required: true, ...hhmm },
  { n: 12, required: true, ...digits },
  { n: 13, required: true, ...digits },
  { n: 14, required: true, codes: ['0', '1'] },
  { n: 15, required: true, codes: ['P', 'T', 'I'] },
];
const ta1Rules: ElementRule[] = [
  { n: 1, required: true, min: 9, max: 9, ...digits },
  { n: 2, required: true, ...yymmdd },
  { n: 3, required: true, ...hhmm },
  { n: 4, required: true, codes: ['A', 'E', 'R'] },
  { n: 5, required: true, min: 3, max: 3, ...digits },
];
const ieaRules: ElementRule[] = [
  { n: 1, required: true, max: 5, ...digits },
  { n: 2, required: true, min: 9, max: 9, ...digits },
];
const gsRules: ElementRule[] = [
  { n: 1, required: true, min: 2, max: 2 },
  { n: 2, required: true, min: 2, max: 15 },
  { n: 3, required: true, min: 2, max: 15 },
  { n: 4, required: true, ...ccyymmdd },
  { n: 5, required: true, ...hhmm },
  { n: 6, required: true, max: 9, ...digits },
  { n: 7, required: true, codes: ['X', 'T'] },
  { n: 8, required: true, max: 12 },
];
const geRules: ElementRule[] = [
  { n: 1, required: true, max: 6, ...digits },
  { n: 2, required: true, max: 9, ...digits },
];
const stRules: ElementRule[] = [
  { n: 1, required: true, min: 3, max: 3, ...digits },
  { n: 2, required: true, min: 4, max: 9 },
];
const seRules: ElementRule[] = [
  { n: 1, required: true, max: 10, ...digits },
  { n: 2, required: true, min: 4, max: 9 },
];

/** Reads an X12 interchange; its delimiters come from the fixed-width ISA. */
export function readX12(text: string): X12Interchange {
  const start = text.search(/\S/);
  const isaText = start < 0 ? '' : text.slice(start, start + isaLength);
  const delimiters = isaDelimiters(isaText);
  const isaValues = isaText.slice(4, isaLength - 1).split(delimiters.element);
  const isa: EdiSegment = { tag: 'ISA', elements: isaValues.map(simpleElement), position: 1 };
  let rest = start + isaLength;
  while (text[rest] === '\n' || text[rest] === '\r') rest += 1;
  const segments = tokenize(text, rest, delimiters, 2);
  return assemble(delimiters, isa, segments);
}

function isaDelimiters(isaText: string): Delimiters {
  const fail = (message: string): never => {
    throw new EdiError([{ position: 1, segment: isaText.slice(0, 3) || '(none)', rule: 'syntax', message }]);
  };
  if (!isaText.startsWith('ISA')) fail('an X12 interchange starts with ISA');
  if (isaText.length < isaLength) fail(`ISA is ${isaLength} characters with its terminator; the text is shorter`);
  const element = isaText[3];
  let at = 3;
  isaWidths.forEach((width, index) => {
    if (isaText[at] !== element) {
      fail(
        `ISA is fixed width: the element separator '${element}' must stand at character ${at + 1}, before ${elementName('ISA', index + 1)} (${width} characters)`,
      );
    }
    at += width + 1;
  });
  const component = isaText[isaLength - 2];
  const segment = isaText[isaLength - 1];
  const version = isaText.slice(84, 89);
  const repetitionChar = isaText[82];
  const delimiters = [element, component, segment];
  if (delimiters.some((c) => /[A-Za-z0-9 ]/.test(c)) || new Set(delimiters).size < 3) {
    fail(
      `the delimiters '${element}', '${component}' and '${segment}' must be distinct and not letters, digits or spaces`,
    );
  }
  // ISA11 became the repetition separator in version 00402; before that it is a code (U).
  const repeats = version >= '00402' && !/[A-Za-z0-9 ]/.test(repetitionChar) && !delimiters.includes(repetitionChar);
  return { element, component, segment, repetition: repeats ? repetitionChar : null, release: null };
}

type State = 'interchange' | 'group' | 'set' | 'done';

function assemble(delimiters: Delimiters, isa: EdiSegment, segments: EdiSegment[]): X12Interchange {
  const interchange: X12Interchange = {
    delimiters,
    isa,
    ta1s: [],
    groups: [],
    iea: null,
    issues: checkElements(isa, isaRules),
  };
  let state: State = 'interchange';
  let group: X12Group | null = null;
  let set: X12TransactionSet | null = null;
  const closeSet = (se: EdiSegment | null, at: EdiSegment | null) => {
    if (!set || !group) return;
    if (se) set.se = se;
    else
      set.issues.push(
        misplaced(
          at ?? set.st,
          `transaction set ${elementValue(set.st, 2)} has no SE before ${at ? at.tag : 'the end'}`,
        ),
      );
    set.issues.push(...checkSet(set, group));
    group.sets.push(set);
    set = null;
    state = 'group';
  };
  const closeGroup = (ge: EdiSegment | null, at: EdiSegment | null) => {
    if (!group) return;
    if (ge) group.ge = ge;
    else
      group.issues.push(
        misplaced(at ?? group.gs, `group ${elementValue(group.gs, 6)} has no GE before ${at ? at.tag : 'the end'}`),
      );
    group.issues.push(...checkGroup(group, interchange));
    interchange.groups.push(group);
    group = null;
    state = 'interchange';
  };
  for (const segment of segments) {
    const badTag = tagIssue(segment);
    if (state === 'set' && set) {
      if (segment.tag === 'SE') closeSet(segment, null);
      else if (['ST', 'GE', 'GS', 'IEA', 'ISA'].includes(segment.tag)) closeSet(null, segment);
      else {
        set.issues.push(...badTag);
        set.segments.push(segment);
        continue;
      }
      if (segment.tag === 'SE') continue;
    }
    if (state === 'group' && group) {
      if (segment.tag === 'ST') {
        set = { st: segment, segments: [], se: null, issues: checkElements(segment, stRules) };
        state = 'set';
        continue;
      }
      if (segment.tag === 'GE') {
        closeGroup(segment, null);
        continue;
      }
      if (segment.tag === 'GS' || segment.tag === 'IEA' || segment.tag === 'ISA') closeGroup(null, segment);
      else {
        group.issues.push(...badTag, misplaced(segment, 'stands outside any transaction set (ST … SE)'));
        continue;
      }
    }
    if (state === 'interchange') {
      if (segment.tag === 'TA1' && interchange.groups.length === 0) {
        interchange.ta1s.push(segment);
        interchange.issues.push(...checkElements(segment, ta1Rules));
      } else if (segment.tag === 'GS') {
        group = { gs: segment, sets: [], ge: null, issues: checkElements(segment, gsRules) };
        state = 'group';
      } else if (segment.tag === 'IEA') {
        interchange.iea = segment;
        state = 'done';
      } else interchange.issues.push(...badTag, misplaced(segment, 'stands outside any functional group (GS … GE)'));
      continue;
    }
    interchange.issues.push(misplaced(segment, 'follows IEA; one interchange per message'));
  }
  closeSet(null, null);
  closeGroup(null, null);
  interchange.issues.push(...checkInterchange(interchange));
  return interchange;
}

function checkSet(set: X12TransactionSet, group: X12Group): EdiIssue[] {
  const issues: EdiIssue[] = [];
  const type = elementValue(set.st, 1);
  const expectedGroup = functionalGroupOf[type];
  if (expectedGroup && expectedGroup !== elementValue(group.gs, 1)) {
    issues.push({
      position: set.st.position,
      segment: 'ST',
      element: 'ST01',
      rule: 'code',
      message: `transaction set ${type} belongs in a ${expectedGroup} group, not in GS01 ${elementValue(group.gs, 1)}`,
    });
  }
  const control = elementValue(set.st, 2);
  if (group.sets.some((s) => elementValue(s.st, 2) === control))
    issues.push(reusedControl(set.st, 2, 'set of this group'));
  if (!set.se) return issues;
  return [
    ...issues,
    ...checkElements(set.se, seRules),
    ...present(
      trailerMismatch(set.se, 1, 'count', String(set.segments.length + 2), 'the segments from ST to SE'),
      trailerMismatch(set.se, 2, 'control_number', control, 'ST02'),
    ),
  ];
}

function checkGroup(group: X12Group, interchange: X12Interchange): EdiIssue[] {
  const issues: EdiIssue[] = [];
  const control = elementValue(group.gs, 6);
  if (interchange.groups.some((g) => sameNumber(elementValue(g.gs, 6), control))) {
    issues.push(reusedControl(group.gs, 6, 'group of this interchange'));
  }
  if (!group.ge) return issues;
  return [
    ...issues,
    ...checkElements(group.ge, geRules),
    ...present(
      trailerMismatch(group.ge, 1, 'count', String(group.sets.length), 'the transaction sets in the group'),
      trailerMismatch(group.ge, 2, 'control_number', control, 'GS06'),
    ),
  ];
}

function checkInterchange(interchange: X12Interchange): EdiIssue[] {
  const { iea, isa } = interchange;
  if (!iea) {
    const last = interchange.groups.at(-1);
    const position = (last?.ge ?? last?.gs ?? isa).position;
    return [{ position, segment: 'IEA', rule: 'envelope', message: 'the interchange has no IEA' }];
  }
  return [
    ...checkElements(iea, ieaRules),
    ...present(
      trailerMismatch(iea, 1, 'count', String(interchange.groups.length), 'the functional groups in the interchange'),
      trailerMismatch(iea, 2, 'control_number', elementValue(isa, 13), 'ISA13'),
    ),
  ];
}

/** Every issue of the interchange, its groups and their sets, in segment order. */
export const allX12Issues = (interchange: X12Interchange): EdiIssue[] =>
  [...interchange.issues, ...interchange.groups.flatMap((g) => [...g.issues, ...g.sets.flatMap((s) => s.issues)])].sort(
    (a, b) => a.position - b.position,
  );

/**
 * Writes the interchange as it stands (trailers included, counts not recomputed), one segment a
 * line when `newlines` is set. ISA must already be padded to its fixed widths.
 */
export function writeX12(interchange: Omit<X12Interchange, 'issues'>, options: { newlines?: boolean } = {}): string {
  const d = interchange.delimiters;
  const values = interchange.isa.elements.map((e) => e[0]?.[0] ?? '');
  const wrongWidth = isaWidths.findIndex((w, i) => values[i]?.length !== w);
  if (values.length !== isaWidths.length || wrongWidth >= 0) {
    const n = wrongWidth >= 0 ? wrongWidth + 1 : values.length;
    throw new EdiError([
      {
        position: 1,
        segment: 'ISA',
        element: elementName('ISA', n),
        rule: 'format',
        message: `ISA elements are ${isaWidths.join(', ')} characters wide`,
      },
    ]);
  }
  if (values[15] !== d.component || (d.repetition !== null && values[10] !== d.repetition)) {
    throw new EdiError([
      {
        position: 1,
        segment: 'ISA',
        element: 'ISA16',
        rule: 'format',
        message: 'ISA11 and ISA16 must be the repetition and component separators',
      },
    ]);
  }
  const end = options.newlines ? '\n' : '';
  const out = [['ISA', ...values].join(d.element) + d.segment, ...interchange.ta1s.map((ta1) => writeSegment(ta1, d))];
  for (const group of interchange.groups) {
    out.push(writeSegment(group.gs, d));
    for (const set of group.sets) {
      out.push(writeSegment(set.st, d));
      for (const segment of set.segments) out.push(writeSegment(segment, d));
      if (set.se) out.push(writeSegment(set.se, d));
    }
    if (group.ge) out.push(writeSegment(group.ge, d));
  }
  if (interchange.iea) out.push(writeSegment(interchange.iea, d));
  return out.join(end) + end;
}
