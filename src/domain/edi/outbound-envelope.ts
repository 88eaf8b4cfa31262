import type { EdifactInterchange } from './edifact';
import { date8, time4 } from './outbound-text';
import type { EdiPartner, InterchangeAddress } from './partner';
import { type Delimiters, type EdiSegment, simpleElement } from './segments';
import { isaWidths, type X12Interchange } from './x12';

/** Who sends and who receives an interchange we write, and the control numbers it takes. */
export interface OutboundParties {
  from: InterchangeAddress;
  to: InterchangeAddress;
  /** X12 GS02/GS03 (default the interchange ids). */
  fromApplication?: string | null;
  toApplication?: string | null;
  usage: 'T' | 'P';
  /** X12 004010/005010, EDIFACT D.99B/D.01B. */
  version: string;
  /** Ask the partner to acknowledge: X12 ISA14 `1` (a TA1), EDIFACT UNB09 `1` (a CONTRL). */
  acknowledgementRequested?: boolean;
}

/** Us towards the partner, in the partner's version and mode. */
export const partiesOf = (partner: EdiPartner, acknowledgementRequested = false): OutboundParties => ({
  from: partner.ours,
  to: partner.theirs,
  fromApplication: partner.ourApplicationCode,
  toApplication: partner.theirApplicationCode,
  usage: partner.usageIndicator,
  version: partner.version,
  acknowledgementRequested,
});

export interface OutboundControls {
  interchange: number;
  group: number;
}

/** A body segment to write: its tag and its elements, each a value or a composite's components. */
export type SegmentSpec = [tag: string, ...values: Array<string | string[]>];

const x12Delimiters: Delimiters = { element: '*', component: '>', segment: '~', repetition: '^', release: null };
const edifactDelimiters: Delimiters = { component: ':', element: '+', release: '?', repetition: null, segment: "'" };

const ccyymmdd = (at: Date) => date8(at.getTime());
const hhmm = (at: Date) => time4(at.getTime());

function numbered(specs: SegmentSpec[], first: number): EdiSegment[] {
  return specs.map(([tag, ...values], i) => ({
    tag,
    elements: values.map((v) => (Array.isArray(v) ? [v] : simpleElement(v))),
    position: first + i,
  }));
}

/**
 * An X12 interchange from us: ISA padded to its fixed widths, one functional group of the given
 * sets (none for a TA1 alone), every count and control number in the trailers right.
 */
export function x12Outbound(
  parties: OutboundParties,
  controls: OutboundControls,
  at: Date,
  content: { ta1s?: SegmentSpec[]; functionalId?: string; sets?: Array<{ control: string; segments: SegmentSpec[] }> },
): X12Interchange {
  const isaControl = String(controls.interchange).padStart(9, '0');
  const version5 = parties.version === '005010';
  const isaValues = [
    '00',
    '',
    '00',
    '',
    parties.from.qualifier,
    parties.from.id,
    parties.to.qualifier,
    parties.to.id,
    ccyymmdd(at).slice(2),
    hhmm(at),
    version5 ? x12Delimiters.repetition! : 'U',
    version5 ? '00501' : '00401',
    isaControl,
    parties.acknowledgementRequested ? '1' : '0',
    parties.usage,
    x12Delimiters.component,
  ].map((value, i) => value.padEnd(isaWidths[i]));
  const isa: EdiSegment = { tag: 'ISA', elements: isaValues.map(simpleElement), position: 1 };
  const ta1s = numbered(content.ta1s ?? [], 2);
  let position = 2 + ta1s.length;
  const groups: X12Interchange['groups'] = [];
  if (content.sets && content.sets.length > 0 && content.functionalId) {
    const groupControl = String(controls.group);
    const gs = numbered(
      [
        [
          'GS',
          content.functionalId,
          parties.fromApplication ?? parties.from.id,
          parties.toApplication ?? parties.to.id,
          ccyymmdd(at),
          hhmm(at),
          groupControl,
          'X',
          parties.version,
        ],
      ],
      position++,
    )[0];
    const sets = content.sets.map(({ control, segments }) => {
      const [st] = numbered([['ST', segments[0][0], control]], position++);
      const body = numbered(segments.slice(1), position);
      position += body.length;
      const [se] = numbered([['SE', String(body.length + 2), control]], position++);
      return { st, segments: body, se, issues: [] };
    });
    const [ge] = numbered([['GE', String(sets.length), groupControl]], position++);
    groups.push({ gs, sets, ge, issues: [] });
  }
  const [iea] = numbered([['IEA', String(groups.length), isaControl]], position);
  const delimiters = version5 ? x12Delimiters : { ...x12Delimiters, repetition: null };
  return { delimiters, isa, ta1s, groups, iea, issues: [] };
}

/** An EDIFACT interchange from us (syntax UNOC 3), its messages' UNT and the UNZ counted. */
export function edifactOutbound(
  parties: OutboundParties,
  controls: OutboundControls,
  at: Date,
  messages: Array<{ reference: string; type: [string, string, string, string]; segments: SegmentSpec[] }>,
): EdifactInterchange {
  const reference = String(controls.interchange);
  // UNB06 to UNB11: UNB09 asks for an acknowledgement, UNB11 marks a test; trailing empties are left out.
  const optional = ['', '', '', parties.acknowledgementRequested ? '1' : '', '', parties.usage === 'T' ? '1' : ''];
  while (optional.at(-1) === '') optional.pop();
  const unb: EdiSegment = {
    tag: 'UNB',
    elements: [
      [['UNOC', '3']],
      [[parties.from.id, parties.from.qualifier]],
      [[parties.to.id, parties.to.qualifier]],
      [[ccyymmdd(at).slice(2), hhmm(at)]],
      [[reference]],
      ...optional.map(simpleElement),
    ],
    position: 1,
  };
  let position = 2;
  const built = messages.map((m) => {
    const unh: EdiSegment = { tag: 'UNH', elements: [[[m.reference]], [m.type]], position: position++ };
    const body = numbered(m.segments, position);
    position += body.length;
    const [unt] = numbered([['UNT', String(body.length + 2), m.reference]], position++);
    return { unh, segments: body, unt, issues: [] };
  });
  const [unz] = numbered([['UNZ', String(built.length), reference]], position);
  return { delimiters: edifactDelimiters, decimalMark: '.', una: false, unb, messages: built, unz, issues: [] };
}
