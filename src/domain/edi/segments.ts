import { EdiError, type EdiIssue } from './errors';

/** One element: its repetitions, each a list of components (a simple element is `[[value]]`). */
export type EdiElement = string[][];

export interface EdiSegment {
  tag: string;
  /** The elements after the tag; `elements[0]` is element 01. */
  elements: EdiElement[];
  /** Position in the interchange, 1 for ISA/UNB. */
  position: number;
}

export interface Delimiters {
  element: string;
  component: string;
  /** `null` where the interchange declares none (X12 before 00402, EDIFACT syntax 3). */
  repetition: string | null;
  segment: string;
  /** EDIFACT's release (escape) character; X12 has none. */
  release: string | null;
}

/** Element `n` (from 1), component `c`, repetition `r`, or '' when absent. */
export const elementValue = (segment: EdiSegment, n: number, c = 1, r = 1): string =>
  segment.elements[n - 1]?.[r - 1]?.[c - 1] ?? '';

/** `SE01`, or `UNB02-1` for a component of a composite. */
export const elementName = (tag: string, n: number, c?: number): string =>
  `${tag}${String(n).padStart(2, '0')}${c === undefined ? '' : `-${c}`}`;

export const simpleElement = (value: string): EdiElement => [[value]];

const wellFormedTag = /^[A-Z][A-Z0-9]{1,2}$/;

/**
 * Splits `text` from `start` into segments. A terminator may be followed by line breaks (partners
 * send one segment a line); a release character takes the next character literally. Segments are
 * numbered from `firstPosition`. Text after the last terminator other than line breaks is refused.
 */
export function tokenize(text: string, start: number, d: Delimiters, firstPosition: number): EdiSegment[] {
  const segments: EdiSegment[] = [];
  let component = '';
  let repetition: string[] = [];
  let element: EdiElement = [];
  let elements: EdiElement[] = [];
  let i = start;
  const endComponent = () => {
    repetition.push(component);
    component = '';
  };
  const endRepetition = () => {
    endComponent();
    element.push(repetition);
    repetition = [];
  };
  const endElement = () => {
    endRepetition();
    elements.push(element);
    element = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === d.release) {
      if (i + 1 >= text.length) break;
      component += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === d.segment) {
      endElement();
      segments.push(segmentOf(elements, segments.length + firstPosition));
      elements = [];
      i += 1;
      while (i < text.length && (text[i] === '\n' || text[i] === '\r') && text[i] !== d.segment) i += 1;
      continue;
    }
    if (ch === d.element) endElement();
    else if (ch === d.component) endComponent();
    else if (ch === d.repetition) endRepetition();
    else if (!(ch === '\r' && d.segment === '\n' && text[i + 1] === '\n')) component += ch;
    i += 1;
  }
  if (component.trim() !== '' || elements.length > 0 || element.length > 0 || repetition.length > 0) {
    const position = segments.length + firstPosition;
    throw new EdiError([
      {
        position,
        segment: component.slice(0, 3),
        rule: 'syntax',
        message: `the text ends without the segment terminator '${d.segment}'`,
      },
    ]);
  }
  return segments;
}

function segmentOf(elements: EdiElement[], position: number): EdiSegment {
  const [tagElement, ...rest] = elements;
  return { tag: tagElement.map((r) => r.join('')).join(''), elements: rest, position };
}

/** A malformed tag (lower case, punctuation, empty) as an issue, else none. */
export const tagIssue = (segment: EdiSegment): EdiIssue[] =>
  wellFormedTag.test(segment.tag)
    ? []
    : [
        {
          position: segment.position,
          segment: segment.tag,
          rule: 'tag',
          message: `'${segment.tag}' is not a segment tag (an upper-case letter, then one or two letters or digits)`,
        },
      ];

/**
 * Writes one segment. A value holding a delimiter is escaped with the release character, or refused
 * where the standard has none (X12), since it would change the interchange's structure.
 */
export function writeSegment(segment: Pick<EdiSegment, 'tag' | 'elements'>, d: Delimiters): string {
  const special = [d.element, d.component, d.segment, d.repetition, d.release].filter((c): c is string => !!c);
  const escape = (value: string, n: number): string => {
    let out = '';
    for (const ch of value) {
      if (special.includes(ch)) {
        if (d.release === null) {
          throw new EdiError([
            {
              position: 0,
              segment: segment.tag,
              element: elementName(segment.tag, n),
              rule: 'format',
              message: `the value '${value}' holds the delimiter '${ch}', which X12 cannot escape`,
            },
          ]);
        }
        out += d.release;
      }
      out += ch;
    }
    return out;
  };
  const parts = segment.elements.map((element, index) => {
    if (element.length > 1 && d.repetition === null) {
      throw new EdiError([
        {
          position: 0,
          segment: segment.tag,
          element: elementName(segment.tag, index + 1),
          rule: 'format',
          message: 'the element repeats but the interchange declares no repetition separator',
        },
      ]);
    }
    return element
      .map((components) => components.map((c) => escape(c, index + 1)).join(d.component))
      .join(d.repetition ?? '');
  });
  return [segment.tag, ...parts].join(d.element) + d.segment;
}
