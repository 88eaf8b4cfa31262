/**
 * The acknowledgements of an interchange we received: X12 TA1 (the interchange envelope) and 997
 * (each group, each transaction set, with AK3/AK4 segment and element errors), EDIFACT CONTRL.
 * A set is accepted only when it, its group and the interchange have no issue but a `reference`
 * one (it names nothing of the account): such a set is accepted with errors (AK5 `E`, AK9 `E`),
 * since resending it would not help; what we reject we never apply.
 */
import type { EdifactInterchange } from './edifact';
import type { EdiIssue, EdiRule } from './errors';
import {
  edifactOutbound,
  type OutboundControls,
  type OutboundParties,
  type SegmentSpec,
  x12Outbound,
} from './outbound-envelope';
import { elementValue } from './segments';
import type { X12Group, X12Interchange, X12TransactionSet } from './x12';

/** X12 element 723 (AK4-03), data element syntax error codes. */
const elementErrorCodes: Partial<Record<EdiRule, string>> = {
  required: '1',
  too_short: '4',
  too_long: '5',
  format: '6',
  code: '7',
  date: '8',
  time: '9',
};
/** X12 element 718 (AK5-02), transaction set syntax error codes, for the set's own trailer faults. */
const setErrorCode = (issue: EdiIssue): string =>
  issue.rule === 'envelope' ? '2' : issue.rule === 'control_number' ? '3' : issue.rule === 'count' ? '4' : '5';
/** X12 element 716 (AK9-05), functional group syntax error codes. */
const groupErrorCode = (issue: EdiIssue): string =>
  issue.rule === 'envelope' ? '3' : issue.rule === 'control_number' ? '4' : issue.rule === 'count' ? '5' : '1';
/** X12 TA105 interchange note codes. */
function ta1Note(issue: EdiIssue | undefined): string {
  if (!issue) return '000';
  if (issue.element === 'IEA02') return '001';
  if (issue.element === 'IEA01') return '021';
  if (issue.element === 'ISA09') return '014';
  if (issue.element === 'ISA10') return '015';
  if (issue.element === 'ISA15') return '020';
  if (issue.segment === 'IEA') return '023';
  return '024';
}

/** Faults that reject what they are in; a `reference` fault is only noted. */
export const rejecting = (issues: readonly EdiIssue[]): EdiIssue[] => issues.filter((i) => i.rule !== 'reference');

export const setAccepted = (interchange: X12Interchange, group: X12Group, set: X12TransactionSet): boolean =>
  interchange.issues.length === 0 && group.issues.length === 0 && rejecting(set.issues).length === 0;

/** AK2 … AK5 for one set: its segment and element errors, then its verdict. */
function setResponse(interchange: X12Interchange, group: X12Group, set: X12TransactionSet): SegmentSpec[] {
  const out: SegmentSpec[] = [['AK2', elementValue(set.st, 1), elementValue(set.st, 2)]];
  const faults = rejecting(set.issues);
  const inSegments = faults.filter((i) => i.segment !== 'ST' && i.segment !== 'SE');
  for (const issue of inSegments) {
    const code = issue.rule === 'tag' ? '1' : '8';
    out.push(['AK3', issue.segment, String(issue.position - set.st.position + 1), '', code]);
    const element = issue.element ? Number(issue.element.slice(issue.segment.length, issue.segment.length + 2)) : NaN;
    const elementCode = elementErrorCodes[issue.rule];
    if (!Number.isNaN(element) && elementCode) out.push(['AK4', String(element), '', elementCode]);
  }
  const trailerCodes = [...new Set(faults.filter((i) => i.segment === 'ST' || i.segment === 'SE').map(setErrorCode))];
  if (inSegments.length > 0) trailerCodes.push('5');
  const accepted = setAccepted(interchange, group, set);
  const verdict = accepted ? (set.issues.length > 0 ? 'E' : 'A') : 'R';
  out.push(['AK5', verdict, ...(accepted ? [] : trailerCodes.slice(0, 5))]);
  return out;
}

/**
 * Our answer to an X12 interchange: a TA1 when asked (by the partner or ISA14), and a 997 per
 * functional group when asked (never for a group of acknowledgements).
 */
export function x12Acknowledgement(
  received: X12Interchange,
  wants: { ta1: boolean; functional: boolean },
  parties: OutboundParties,
  controls: OutboundControls,
  at: Date,
): X12Interchange | null {
  const ta1Wanted = wants.ta1 || elementValue(received.isa, 14) === '1';
  const ta1s: SegmentSpec[] = ta1Wanted
    ? [
        [
          'TA1',
          elementValue(received.isa, 13),
          elementValue(received.isa, 9),
          elementValue(received.isa, 10),
          received.issues.length === 0 ? 'A' : 'R',
          ta1Note(received.issues[0]),
        ],
      ]
    : [];
  const groups = wants.functional ? received.groups.filter((g) => !['FA'].includes(elementValue(g.gs, 1))) : [];
  const sets = groups.map((group, i) => {
    const accepted = group.sets.filter((set) => setAccepted(received, group, set)).length;
    const noted = group.sets.some((set) => set.issues.length > 0);
    const verdict =
      accepted === group.sets.length && group.issues.length === 0 ? (noted ? 'E' : 'A') : accepted === 0 ? 'R' : 'P';
    const groupCodes = [...new Set(group.issues.map(groupErrorCode))].slice(0, 5);
    return {
      control: String(i + 1).padStart(4, '0'),
      segments: [
        ['997'],
        ['AK1', elementValue(group.gs, 1), elementValue(group.gs, 6)],
        ...group.sets.flatMap((set) => setResponse(received, group, set)),
        ['AK9', verdict, String(group.sets.length), String(group.sets.length), String(accepted), ...groupCodes],
      ] as SegmentSpec[],
    };
  });
  if (ta1s.length === 0 && sets.length === 0) return null;
  return x12Outbound(parties, controls, at, { ta1s, functionalId: 'FA', sets });
}

/** EDIFACT syntax error codes (0085) for a CONTRL. */
const contrlCode = (issue: EdiIssue): string =>
  (
    ({ count: '29', control_number: '28', required: '13', envelope: '13', too_long: '39', too_short: '40' }) as Partial<
      Record<EdiRule, string>
    >
  )[issue.rule] ?? '12';

/** Our CONTRL for an EDIFACT interchange: UCI for the interchange, UCM per message (7 accepted, 4 rejected). */
export function edifactAcknowledgement(
  received: EdifactInterchange,
  parties: OutboundParties,
  controls: OutboundControls,
  at: Date,
): EdifactInterchange {
  const interchangeOk = received.issues.length === 0;
  const uci: SegmentSpec = [
    'UCI',
    elementValue(received.unb, 5),
    received.unb.elements[1]?.[0] ?? '',
    received.unb.elements[2]?.[0] ?? '',
    interchangeOk ? '7' : '4',
    ...(interchangeOk ? [] : [contrlCode(received.issues[0]), received.issues[0].segment]),
  ];
  const ucms: SegmentSpec[] = received.messages.map((m) => {
    const faults = rejecting(m.issues);
    const ok = interchangeOk && faults.length === 0;
    return [
      'UCM',
      elementValue(m.unh, 1),
      [1, 2, 3, 4].map((c) => elementValue(m.unh, 2, c)),
      ok ? '7' : '4',
      ...(ok || faults.length === 0 ? [] : [contrlCode(faults[0]), faults[0].segment]),
    ];
  });
  return edifactOutbound(parties, controls, at, [
    { reference: '1', type: ['CONTRL', 'D', '3', 'UN'], segments: [uci, ...ucms] },
  ]);
}
