/**
 * UN/EDIFACT interchanges (syntax 2 to 4), read and written without a library. Delimiters come
 * from UNA or are the defaults; the release character escapes a delimiter inside data. As for X12,
 * a legible envelope with faults is read, each fault an issue on the interchange or on the message
 * it spoils; only text that is no EDIFACT interchange raises an `EdiError`.
 */
import { misplaced, present, reusedControl, trailerMismatch } from './envelope-checks';
import { EdiError, type EdiIssue } from './errors';
import { checkElements, digits, type ElementRule, hhmm } from './element-rules';
import { type Delimiters, type EdiSegment, elementValue, tagIssue, tokenize, writeSegment } from './segments';

export interface EdifactMessage {
  unh: EdiSegment;
  /** The segments between UNH and UNT. */
  segments: EdiSegment[];
  unt: EdiSegment | null;
  issues: EdiIssue[];
}

export interface EdifactInterchange {
  delimiters: Delimiters;
  /** The decimal mark UNA declares ('.' by default); data keeps it as sent. */
  decimalMark: string;
  /** Whether the interchange opens with a UNA service string advice. */
  una: boolean;
  unb: EdiSegment;
  messages: EdifactMessage[];
  unz: EdiSegment | null;
  /** Issues of the interchange envelope (UNB/UNZ, segments outside a message): they reject it all. */
  issues: EdiIssue[];
}

const edifactDefaults: Delimiters = { component: ':', element: '+', release: '?', repetition: null, segment: "'" };

/** The delimiters of an interchange without UNA: syntax 4 adds '*' for repetitions. */
const defaultDelimiters = (syntaxVersion: string): Delimiters =>
  syntaxVersion === '4' ? { ...edifactDefaults, repetition: '*' } : edifactDefaults;

const unbRules: ElementRule[] = [
  { n: 1, c: 1, required: true, codes: ['UNOA', 'UNOB', 'UNOC', 'UNOD', 'UNOE', 'UNOF', 'UNOW', 'UNOX', 'UNOY'] },
  { n: 1, c: 2, required: true, codes: ['1', '2', '3', '4'] },
  { n: 2, c: 1, required: true, max: 35 },
  { n: 2, c: 2, max: 4 },
  { n: 3, c: 1, required: true, max: 35 },
  { n: 3, c: 2, max: 4 },
  {
    n: 4,
    c: 1,
    required: true,
    pattern: /^(\d{2})?\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/,
    format: 'a date YYMMDD or CCYYMMDD',
    breaks: 'date',
  },
  { n: 4, c: 2, required: true, ...hhmm, max: 4 },
  { n: 5, required: true, max: 14 },
  { n: 9, codes: ['1'] },
  { n: 11, codes: ['1'] },
];
const unhRules: ElementRule[] = [
  { n: 1, required: true, max: 14 },
  { n: 2, c: 1, required: true, max: 6 },
  { n: 2, c: 2, required: true, max: 3 },
  { n: 2, c: 3, required: true, max: 3 },
  { n: 2, c: 4, required: true, max: 3 },
];
const untRules: ElementRule[] = [
  { n: 1, required: true, max: 10, ...digits },
  { n: 2, required: true, max: 14 },
];
const unzRules: ElementRule[] = [
  { n: 1, required: true, max: 6, ...digits },
  { n: 2, required: true, max: 14 },
];

/** Reads an EDIFACT interchange. */
export function readEdifact(text: string): EdifactInterchange {
  let start = Math.max(text.search(/\S/), 0);
  let delimiters = edifactDefaults;
  let decimalMark = '.';
  const una = text.startsWith('UNA', start);
  if (una) {
    const advice = text.slice(start + 3, start + 9);
    const [component, element, decimal, release, repetition, segment] = advice;
    const chosen = [component, element, segment];
    if (advice.length < 6 || new Set(chosen).size < 3 || chosen.some((c) => /[A-Za-z0-9 ]/.test(c))) {
      throw new EdiError([
        {
          position: 0,
          segment: 'UNA',
          rule: 'syntax',
          message:
            'UNA is followed by six service characters: component, element, decimal, release, repetition, terminator',
        },
      ]);
    }
    delimiters = {
      component,
      element,
      segment,
      release: release === ' ' ? null : release,
      repetition: repetition === ' ' ? null : repetition,
    };
    decimalMark = decimal;
    start += 9;
    while (text[start] === '\n' || text[start] === '\r') start += 1;
  }
  if (!text.startsWith('UNB', start)) {
    throw new EdiError([
      {
        position: 1,
        segment: text.slice(start, start + 3) || '(none)',
        rule: 'syntax',
        message: 'an EDIFACT interchange starts with UNB (after an optional UNA)',
      },
    ]);
  }
  let segments = tokenize(text, start, delimiters, 1);
  if (!una && elementValue(segments[0], 1, 2) === '4') {
    delimiters = defaultDelimiters('4');
    segments = tokenize(text, start, delimiters, 1);
  }
  return assemble(delimiters, decimalMark, una, segments);
}

function assemble(
  delimiters: Delimiters,
  decimalMark: string,
  una: boolean,
  segments: EdiSegment[],
): EdifactInterchange {
  const [unb, ...rest] = segments;
  const interchange: EdifactInterchange = {
    delimiters,
    decimalMark,
    una,
    unb,
    messages: [],
    unz: null,
    issues: checkElements(unb, unbRules),
  };
  let message: EdifactMessage | null = null;
  const closeMessage = (unt: EdiSegment | null, at: EdiSegment | null) => {
    if (!message) return;
    if (unt) message.unt = unt;
    else
      message.issues.push(
        misplaced(
          at ?? message.unh,
          `message ${elementValue(message.unh, 1)} has no UNT before ${at ? at.tag : 'the end'}`,
        ),
      );
    message.issues.push(...checkMessage(message, interchange));
    interchange.messages.push(message);
    message = null;
  };
  for (const segment of rest) {
    const badTag = tagIssue(segment);
    if (message) {
      if (segment.tag === 'UNT') {
        closeMessage(segment, null);
        continue;
      }
      if (!['UNH', 'UNZ', 'UNB', 'UNG', 'UNE'].includes(segment.tag)) {
        message.issues.push(...badTag);
        message.segments.push(segment);
        continue;
      }
      closeMessage(null, segment);
    }
    if (interchange.unz) interchange.issues.push(misplaced(segment, 'follows UNZ; one interchange per message'));
    else if (segment.tag === 'UNH')
      message = { unh: segment, segments: [], unt: null, issues: checkElements(segment, unhRules) };
    else if (segment.tag === 'UNZ') interchange.unz = segment;
    else if (segment.tag === 'UNG' || segment.tag === 'UNE') {
      interchange.issues.push(
        misplaced(segment, 'functional groups (UNG … UNE) are not supported: send messages directly in UNB … UNZ'),
      );
    } else interchange.issues.push(...badTag, misplaced(segment, 'stands outside any message (UNH … UNT)'));
  }
  closeMessage(null, null);
  interchange.issues.push(...checkInterchange(interchange));
  return interchange;
}

function checkMessage(message: EdifactMessage, interchange: EdifactInterchange): EdiIssue[] {
  const reference = elementValue(message.unh, 1);
  const issues = interchange.messages.some((m) => elementValue(m.unh, 1) === reference)
    ? [reusedControl(message.unh, 1, 'message of this interchange')]
    : [];
  if (!message.unt) return issues;
  return [
    ...issues,
    ...checkElements(message.unt, untRules),
    ...present(
      trailerMismatch(message.unt, 1, 'count', String(message.segments.length + 2), 'the segments from UNH to UNT'),
      trailerMismatch(message.unt, 2, 'control_number', reference, 'UNH01'),
    ),
  ];
}

function checkInterchange(interchange: EdifactInterchange): EdiIssue[] {
  const { unz, unb } = interchange;
  if (!unz) {
    const last = interchange.messages.at(-1);
    return [misplaced({ ...(last?.unt ?? last?.unh ?? unb), tag: 'UNZ' }, 'the interchange has no UNZ')];
  }
  return [
    ...checkElements(unz, unzRules),
    ...present(
      trailerMismatch(unz, 1, 'count', String(interchange.messages.length), 'the messages in the interchange'),
      trailerMismatch(unz, 2, 'control_number', elementValue(unb, 5), 'UNB05'),
    ),
  ];
}

/** Every issue of the interchange and its messages, in segment order. */
export const allEdifactIssues = (interchange: EdifactInterchange): EdiIssue[] =>
  [...interchange.issues, ...interchange.messages.flatMap((m) => m.issues)].sort((a, b) => a.position - b.position);

/** Writes the interchange as it stands (trailers as given), one segment a line when `newlines` is set. */
export function writeEdifact(
  interchange: Omit<EdifactInterchange, 'issues'>,
  options: { newlines?: boolean } = {},
): string {
  const d = interchange.delimiters;
  const end = options.newlines ? '\n' : '';
  const out: string[] = [];
  const implied = defaultDelimiters(elementValue(interchange.unb, 1, 2));
  const defaults = (Object.keys(implied) as (keyof Delimiters)[]).every((k) => d[k] === implied[k]);
  // Delimiters other than the defaults are only readable with the UNA that declares them.
  if (interchange.una || !defaults || interchange.decimalMark !== '.') {
    out.push(
      `UNA${d.component}${d.element}${interchange.decimalMark}${d.release ?? ' '}${d.repetition ?? ' '}${d.segment}`,
    );
  }
  out.push(writeSegment(interchange.unb, d));
  for (const message of interchange.messages) {
    out.push(writeSegment(message.unh, d));
    for (const segment of message.segments) out.push(writeSegment(segment, d));
    if (message.unt) out.push(writeSegment(message.unt, d));
  }
  if (interchange.unz) out.push(writeSegment(interchange.unz, d));
  return out.join(end) + end;
}
