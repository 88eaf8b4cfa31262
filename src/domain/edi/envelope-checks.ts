import type { EdiIssue } from './errors';
import { type EdiSegment, elementName, elementValue } from './segments';

/** Control numbers may carry leading zeros (GS06 1 and GE02 000000001 agree). */
export const sameNumber = (a: string, b: string): boolean =>
  /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) === Number(b) : a === b;

/** A trailer element (a count or a control reference) that differs from what it must equal. */
export function trailerMismatch(
  segment: EdiSegment,
  n: number,
  rule: 'count' | 'control_number',
  expected: string,
  why: string,
): EdiIssue | null {
  const actual = elementValue(segment, n);
  if (sameNumber(actual, expected)) return null;
  return {
    position: segment.position,
    segment: segment.tag,
    element: elementName(segment.tag, n),
    rule,
    message: `is ${actual || '(empty)'}, expected ${expected} (${why})`,
  };
}

/** A segment where the envelope allows none, or a trailer that never came. */
export const misplaced = (segment: EdiSegment, message: string): EdiIssue => ({
  position: segment.position,
  segment: segment.tag,
  rule: 'envelope',
  message,
});

/** A control number used twice where it must be unique. */
export const reusedControl = (segment: EdiSegment, n: number, scope: string): EdiIssue => ({
  position: segment.position,
  segment: segment.tag,
  element: elementName(segment.tag, n),
  rule: 'control_number',
  message: `control number ${elementValue(segment, n)} is used by an earlier ${scope}`,
});

export const present = (...issues: (EdiIssue | null)[]): EdiIssue[] => issues.filter((i): i is EdiIssue => i !== null);

/** A transaction set or message without a segment its mapping needs, said at its header. */
export const missingSegment = (header: EdiSegment, message: string): EdiIssue => ({
  position: header.position,
  segment: header.tag,
  rule: 'required',
  message,
});
