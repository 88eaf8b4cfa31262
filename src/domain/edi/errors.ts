/**
 * What is wrong with an EDI interchange, said the way a partner's EDI analyst reads it: which
 * segment (its position in the interchange, counting from 1 at ISA or UNB), which element
 * (`SE01`, `UNB02-1`) and which rule it breaks. The acknowledgements (997 AK3/AK4, TA1, CONTRL)
 * and the problem's `errors[]` are both built from these.
 */
export type EdiRule =
  /** The text is not an interchange of this standard at all (no ISA/UNB, ISA not 106 characters…). */
  | 'syntax'
  /** A mandatory element or component is empty. */
  | 'required'
  /** An element is shorter than the standard allows. */
  | 'too_short'
  /** An element is longer than the standard allows. */
  | 'too_long'
  /** An element's characters do not fit its type (digits, an amount…). */
  | 'format'
  /** An element is not a calendar date of its format. */
  | 'date'
  /** An element is not a time of day of its format. */
  | 'time'
  /** A coded element holds a value outside its code list. */
  | 'code'
  /** A trailer's count (SE01, GE01, IEA01, UNT01, UNZ01) differs from what it encloses. */
  | 'count'
  /** A trailer's control number or reference differs from its header's. */
  | 'control_number'
  /** A segment stands where the envelope allows none (outside ST/SE, a trailer missing…). */
  | 'envelope'
  /** A segment's tag is not a well-formed tag. */
  | 'tag'
  /** A stated total differs from the sum of its lines. */
  | 'total'
  /**
   * The set is well formed but names nothing of the account (a container it does not track), or no
   * partner of the account has the envelope's sender and receiver. A set with only this fault is
   * accepted with errors: nothing applies, and resending it would not help.
   */
  | 'reference';

export interface EdiIssue {
  /** Position of the segment in the interchange, 1 for ISA/UNB. */
  position: number;
  /** The segment's tag. */
  segment: string;
  /** The element (`SE01`) or component (`UNB02-1`), when the issue is in one. */
  element?: string;
  rule: EdiRule;
  message: string;
}

export const issueText = (issue: EdiIssue): string =>
  `segment ${issue.position} (${issue.segment})${issue.element ? ` element ${issue.element}` : ''}: ${issue.rule}: ${issue.message}`;

/** The interchange cannot be read at all; `issues` says where reading stopped and why. */
export class EdiError extends Error {
  constructor(readonly issues: EdiIssue[]) {
    super(issues.map(issueText).join('; '));
    this.name = 'EdiError';
  }
}
