/**
 * A partner's acknowledgement of a document we sent: an X12 997/999 (AK1 names our GS06, AK2 our
 * ST02, AK3/AK4 the segment and element errors, AK5 and AK9 the verdicts), a TA1 (our ISA13 and the
 * envelope's verdict) or an EDIFACT CONTRL (UCI our UNB05, UCM our UNH01). Read into a verdict that
 * is then recorded on the interchange we sent, with the errors the partner reports at their places.
 */
import { readEdifact, type EdifactMessage } from './edifact';
import type { EdiIssue, EdiRule } from './errors';
import { checkElements, digits, type ElementRule } from './element-rules';
import type { EdiInterchange, EdiSetStatus } from './interchange';
import { type EdiSegment, elementValue } from './segments';
import { readX12, type X12TransactionSet } from './x12';

/** The document types that answer what we sent (never acknowledged back, never listed as inbound). */
export const acknowledgementTypes = ['997', '999', 'TA1', 'CONTRL'];

export interface ReportedSet {
  status: Exclude<EdiSetStatus, 'sent'>;
  /** Where in the set: the offset of the faulty segment from the set's header (1 at ST/UNH), or 0 at the header. */
  errors: Array<{ offset: number; segment: string; element: string | null; rule: EdiRule; message: string }>;
}

export interface AcknowledgementVerdict {
  /** Our interchange it answers: by ISA13/UNB05 (TA1, CONTRL) or by GS06 (997/999). */
  reference: { interchange: string } | { group: string };
  /** What it names, for the fault when we sent nothing under it. */
  names: string;
  accepted: boolean;
  /** A TA1 speaks of the envelope only; its sets wait for their 997 when the partner sends one. */
  envelopeOnly: boolean;
  errors: ReportedSet['errors'];
  sets: Map<string, ReportedSet>;
}

/** X12 element 723 (AK4-03 / IK4-03) codes as our rules; acknowledgements.ts writes the same. */
const elementRules: Record<string, EdiRule> = {
  '1': 'required',
  '4': 'too_short',
  '5': 'too_long',
  '6': 'format',
  '7': 'code',
  '8': 'date',
  '9': 'time',
};
/** X12 element 718 (AK5-02 / IK5-02) transaction set syntax error codes. */
const setRules: Record<string, EdiRule> = { '2': 'envelope', '3': 'control_number', '4': 'count', '5': 'syntax' };
/** EDIFACT 0085 syntax error codes. */
const contrlRules: Record<string, EdiRule> = {
  '12': 'code',
  '13': 'required',
  '28': 'control_number',
  '29': 'count',
  '39': 'too_long',
  '40': 'too_short',
};

const ak1Rules: ElementRule[] = [
  { n: 1, required: true, min: 2, max: 2 },
  { n: 2, required: true, min: 1, max: 9, ...digits },
];
const ak9Rules: ElementRule[] = [{ n: 1, required: true, codes: ['A', 'E', 'P', 'R', 'M', 'W', 'X'] }];
const ak5Rules: ElementRule[] = [{ n: 1, required: true, codes: ['A', 'E', 'R', 'M', 'W', 'X'] }];
const ta1Rules: ElementRule[] = [
  { n: 1, required: true, min: 9, max: 9, ...digits },
  { n: 4, required: true, codes: ['A', 'E', 'R'] },
  { n: 5, required: true, min: 3, max: 3, ...digits },
];
const uciRules: ElementRule[] = [
  { n: 1, required: true, max: 14 },
  { n: 4, required: true, codes: ['4', '7', '8'] },
];
const ucmRules: ElementRule[] = [
  { n: 1, required: true, max: 14 },
  { n: 3, required: true, codes: ['4', '7'] },
];

const asNumber = (value: string) => String(Number(value));
const reported = (what: string) => `the partner reports ${what}`;

/** A 997 or 999 (AK3/IK3, AK4/IK4, AK5/IK5) as its verdict on our group, or the rules it breaks. */
export function read997(set: X12TransactionSet): { verdict: AcknowledgementVerdict | null; issues: EdiIssue[] } {
  const segments = set.segments;
  const ak1 = segments.find((s) => s.tag === 'AK1');
  const ak9 = segments.find((s) => s.tag === 'AK9');
  if (!ak1 || !ak9) {
    return {
      verdict: null,
      issues: [
        { position: set.st.position, segment: 'ST', rule: 'required', message: 'a 997 needs its AK1 and AK9 segments' },
      ],
    };
  }
  const verdicts = segments.filter((s) => s.tag === 'AK5' || s.tag === 'IK5');
  const issues = [
    ...checkElements(ak1, ak1Rules),
    ...checkElements(ak9, ak9Rules),
    ...verdicts.flatMap((s) => checkElements(s, ak5Rules)),
  ];
  if (issues.length > 0) return { verdict: null, issues };
  const sets = new Map<string, ReportedSet>();
  let current: { control: string; errors: ReportedSet['errors']; segment: string; offset: number } | null = null;
  for (const segment of segments) {
    const tag = segment.tag;
    if (tag === 'AK2') current = { control: elementValue(segment, 2), errors: [], segment: '', offset: 0 };
    else if (!current) continue;
    else if (tag === 'AK3' || tag === 'IK3') {
      current.segment = elementValue(segment, 1);
      current.offset = Number(elementValue(segment, 2)) || 0;
      current.errors.push({
        offset: current.offset,
        segment: current.segment,
        element: null,
        rule: 'syntax',
        message: reported(`segment error ${elementValue(segment, 4) || '(no code)'} in ${current.segment}`),
      });
    } else if (tag === 'AK4' || tag === 'IK4') {
      const code = elementValue(segment, 3);
      const position = elementValue(segment, 1).padStart(2, '0');
      // The element error replaces the segment's general one it details.
      const general = current.errors.at(-1);
      if (general && general.element === null && general.rule === 'syntax') current.errors.pop();
      current.errors.push({
        offset: current.offset,
        segment: current.segment,
        element: `${current.segment}${position}`,
        rule: elementRules[code] ?? 'syntax',
        message: reported(`element error ${code} (AK4-03)`),
      });
    } else if (tag === 'AK5' || tag === 'IK5') {
      const code = elementValue(segment, 1);
      const reasons = segment.elements
        .slice(1)
        .map((e) => e[0]?.[0] ?? '')
        .filter(Boolean);
      const errors = [
        ...current.errors,
        ...reasons
          .filter((reason) => reason !== '5' || current!.errors.length === 0)
          .map((reason) => ({
            offset: 0,
            segment: 'ST',
            element: null,
            rule: setRules[reason] ?? 'syntax',
            message: reported(`transaction set error ${reason} (AK5-02)`),
          })),
      ];
      const status = code === 'A' ? 'accepted' : code === 'E' || code === 'W' ? 'accepted_with_errors' : 'rejected';
      sets.set(current.control, { status, errors });
      current = null;
    }
  }
  const overall = elementValue(ak9, 1);
  const group = asNumber(elementValue(ak1, 2));
  return {
    verdict: {
      reference: { group },
      names: `GS06 ${group}`,
      accepted: overall !== 'R' && overall !== 'M' && overall !== 'X',
      envelopeOnly: false,
      errors: [],
      sets,
    },
    issues: [],
  };
}

/** A TA1 as its verdict on our interchange envelope. */
export function readTa1(ta1: EdiSegment): { verdict: AcknowledgementVerdict | null; issues: EdiIssue[] } {
  const issues = checkElements(ta1, ta1Rules);
  if (issues.length > 0) return { verdict: null, issues };
  const control = elementValue(ta1, 1);
  const accepted = elementValue(ta1, 4) !== 'R';
  const note = elementValue(ta1, 5);
  return {
    verdict: {
      reference: { interchange: control },
      names: `ISA13 ${control}`,
      accepted,
      envelopeOnly: true,
      errors: accepted
        ? []
        : [
            {
              offset: 0,
              segment: 'ISA',
              element: null,
              rule: 'envelope',
              message: reported(`interchange note ${note} (TA1-05)`),
            },
          ],
      sets: new Map(),
    },
    issues: [],
  };
}

/** A CONTRL (UCI, UCM per message) as its verdict on our interchange. */
export function readContrl(message: EdifactMessage): { verdict: AcknowledgementVerdict | null; issues: EdiIssue[] } {
  const uci = message.segments.find((s) => s.tag === 'UCI');
  if (!uci) {
    return {
      verdict: null,
      issues: [
        { position: message.unh.position, segment: 'UNH', rule: 'required', message: 'a CONTRL needs its UCI segment' },
      ],
    };
  }
  const ucms = message.segments.filter((s) => s.tag === 'UCM');
  const issues = [...checkElements(uci, uciRules), ...ucms.flatMap((s) => checkElements(s, ucmRules))];
  if (issues.length > 0) return { verdict: null, issues };
  const fault = (segment: EdiSegment, codeAt: number, header: string) => {
    const code = elementValue(segment, codeAt);
    return {
      offset: 0,
      segment: elementValue(segment, codeAt + 1) || header,
      element: null,
      rule: contrlRules[code] ?? 'syntax',
      message: reported(`syntax error ${code || '(no code)'} (${segment.tag}0${codeAt})`),
    };
  };
  const accepted = elementValue(uci, 4) !== '4';
  const sets = new Map<string, ReportedSet>(
    ucms.map((ucm) => {
      const ok = elementValue(ucm, 3) === '7';
      return [elementValue(ucm, 1), { status: ok ? 'accepted' : 'rejected', errors: ok ? [] : [fault(ucm, 4, 'UNH')] }];
    }),
  );
  const control = elementValue(uci, 1);
  return {
    verdict: {
      reference: { interchange: control },
      names: `UNB05 ${control}`,
      accepted: accepted && (ucms.length === 0 || [...sets.values()].some((s) => s.status !== 'rejected')),
      envelopeOnly: false,
      errors: accepted ? [] : [fault(uci, 5, 'UNB')],
      sets,
    },
    issues: [],
  };
}

/** Where each of our sets (messages) starts in the text we sent, by its ST02/UNH01. */
function headerPositions(sent: EdiInterchange): Map<string, number> {
  const raw = sent.raw ?? '';
  if (sent.standard === 'x12') {
    return new Map(
      readX12(raw).groups.flatMap((g) => g.sets.map((s) => [elementValue(s.st, 2), s.st.position] as const)),
    );
  }
  return new Map(readEdifact(raw).messages.map((m) => [elementValue(m.unh, 1), m.unh.position] as const));
}

/**
 * The interchange we sent as the acknowledgement leaves it: `acknowledged` or `rejected`, each set
 * reported on with the partner's errors placed in our text. A TA1 accepting the envelope of an
 * interchange whose sets await a 997 changes no status.
 */
export function acknowledgedBy(
  sent: EdiInterchange,
  verdict: AcknowledgementVerdict,
  acknowledgement: { interchangeId: string; raw: string },
  setsAwaitTheirOwn: boolean,
): EdiInterchange {
  const positions = headerPositions(sent);
  const place = (at: number, error: ReportedSet['errors'][number]): EdiIssue => ({
    position: at + Math.max(error.offset - 1, 0),
    segment: error.segment,
    element: error.element ?? undefined,
    rule: error.rule,
    message: error.message,
  });
  const sets = sent.sets.map((set) => {
    const report = verdict.sets.get(set.controlNumber);
    if (!report) return verdict.envelopeOnly && !verdict.accepted ? { ...set, status: 'rejected' as const } : set;
    const at = positions.get(set.controlNumber) ?? 1;
    return { ...set, status: report.status, errors: report.errors.map((e) => place(at, e)) };
  });
  const waiting = verdict.envelopeOnly && verdict.accepted && setsAwaitTheirOwn;
  return {
    ...sent,
    raw: null,
    status: waiting ? sent.status : verdict.accepted ? 'acknowledged' : 'rejected',
    sets,
    errors: verdict.errors.map((e) => place(1, e)),
    acknowledgement: acknowledgement,
  };
}
