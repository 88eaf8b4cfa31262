/**
 * Interchanges a partner sends us (issue 36): the envelope read and checked, the partner found by
 * the envelope's sender and receiver, each transaction set (message) applied in its own
 * transaction by the capability that owns what it says (tracking for 315/322/IFTSTA, shipments
 * for 214/310, invoices for 210/INVOIC), and the acknowledgement the partner asks for written back. A control number is applied
 * once: the interchange is stored under it before any set applies.
 */
import { edifactAcknowledgement, rejecting, x12Acknowledgement } from './acknowledgements';
import { type EdifactInterchange, readEdifact, writeEdifact } from './edifact';
import { EdiError, type EdiIssue, issueText } from './errors';
import type { EdiInterchange, EdiInterchangeFilter, EdiRecord, EdiSetOutcome } from './interchange';
import type {
  EdiInterchangeStore,
  EdiInvoices,
  EdiShipments,
  EdiStatusEvents,
  MappedShipmentDocument,
} from './interchange-ports';
import { mapIftsta } from './iftsta';
import { mapInvoic } from './invoic';
import { acknowledgedBy, type AcknowledgementVerdict, read997, readContrl, readTa1 } from './partner-acknowledgements';
import { type OutboundControls, partiesOf } from './outbound-envelope';
import { interchangeEvent } from './interchange-events';
import { acknowledgesSets, type EdiPartner, type EdiStandard, type InterchangeAddress } from './partner';
import type { EdiPartnerStore } from './partner-ports';
import { type EdiSegment, elementName, elementValue } from './segments';
import type { MappedStatus } from './status-codes';
import { map210 } from './x12-210';
import { map214 } from './x12-214';
import { map310 } from './x12-310';
import { map315 } from './x12-315';
import { map322 } from './x12-322';
import { readX12, type X12Interchange, writeX12 } from './x12';
import { type AccountScope, conflict, DomainError, type FieldIssue, newId, type Page } from '../shared';

export interface EdiIntakeDeps {
  partners: EdiPartnerStore;
  interchanges: EdiInterchangeStore;
  statusEvents: EdiStatusEvents;
  invoices: EdiInvoices;
  shipments: EdiShipments;
  clock: () => number;
  /** The interchange as the API shows it: the `data.object` of its events. */
  present: (interchange: EdiInterchange) => unknown;
}

/** One transaction set (message) as read: where it stands, its faults so far, and how it applies. */
interface ReadSet {
  header: EdiSegment;
  controlNumber: string;
  documentType: string;
  /** The set's own issue list (shared with the parsed interchange, so the acknowledgement sees what we add). */
  issues: EdiIssue[];
  /** Whether its envelope (interchange, group) and the set itself leave it applicable. */
  legible: boolean;
  /** Applies the set; `interchangeId` is the interchange it came in (an acknowledgement records it). */
  apply: ((scope: AccountScope, interchangeId: string) => Promise<EdiRecord[] | EdiIssue>) | null;
}

/** An interchange read: its envelope's faults, its sets, and how to write its acknowledgement. */
interface ReadInterchange {
  standard: EdiStandard;
  controlNumber: string;
  sender: InterchangeAddress;
  receiver: InterchangeAddress;
  /** The segment and element naming the sender, for the fault when no partner matches. */
  senderAt: Pick<EdiIssue, 'position' | 'segment' | 'element'>;
  envelopeIssues: () => EdiIssue[];
  /** Its sets, planned for this partner (the usage indicator checked against it). */
  sets: (partner: EdiPartner) => ReadSet[];
  /**
   * The writer of the acknowledgement the partner and the envelope ask for, given the partner's
   * next control numbers; null when none is asked (then none is taken).
   */
  acknowledgement: (partner: EdiPartner, at: Date) => ((controls: OutboundControls) => Acknowledgement) | null;
}

interface Acknowledgement {
  raw: string;
  documentTypes: string[];
  controlNumber: string;
}

type Planner = Pick<EdiIntakeDeps, 'statusEvents' | 'invoices' | 'shipments' | 'interchanges' | 'clock' | 'present'>;

const notFound = (id: string) => new DomainError('not_found', `No EDI interchange ${id} in this account.`);

const faultsAsFields = (issues: readonly EdiIssue[]): FieldIssue[] =>
  issues.map((issue) => ({
    field: '',
    message: issueText(issue),
    edi: { position: issue.position, segment: issue.segment, element: issue.element, rule: issue.rule },
  }));

const unreadable = (error: EdiError) =>
  new DomainError(
    'unprocessable',
    'The body is not an interchange of the declared standard.',
    faultsAsFields(error.issues),
  );

const trimmed = (value: string) => value.trim();

export class EdiIntakeService {
  constructor(private readonly deps: EdiIntakeDeps) {}

  async receive(scope: AccountScope, standard: EdiStandard, text: string): Promise<EdiInterchange> {
    const now = this.deps.clock();
    let read: ReadInterchange;
    try {
      read = standard === 'x12' ? x12Read(readX12(text), this.deps) : edifactRead(readEdifact(text), this.deps);
    } catch (error) {
      if (error instanceof EdiError) throw unreadable(error);
      throw error;
    }
    const partner = await this.deps.partners.findByAddress(scope.accountId, scope.livemode, standard, read.sender);
    if (!partner || partner.ours.qualifier !== read.receiver.qualifier || partner.ours.id !== read.receiver.id) {
      const issue: EdiIssue = {
        ...read.senderAt,
        rule: 'reference',
        message: `no ${standard} partner of this account in this mode sends as ${read.sender.qualifier}:${read.sender.id} to ${read.receiver.qualifier}:${read.receiver.id}`,
      };
      throw new DomainError(
        'unprocessable',
        'No trading partner of this account sent this interchange.',
        faultsAsFields([issue]),
      );
    }
    const sets = read.sets(partner);
    const applicable = sets.some((s) => s.legible && rejecting(s.issues).length === 0);
    const controlKey = applicable ? read.controlNumber : null;
    const interchange: EdiInterchange = {
      id: newId('edi', now),
      accountId: scope.accountId,
      livemode: scope.livemode,
      partnerId: partner.id,
      direction: 'inbound',
      standard,
      controlNumber: read.controlNumber,
      groupControlNumber: null,
      documentTypes: [...new Set(sets.map((s) => s.documentType))],
      status: applicable ? 'accepted' : 'rejected',
      sets: [],
      errors: read.envelopeIssues(),
      raw: text,
      acknowledgement: null,
      inReplyTo: null,
      createdAt: now,
    };
    if (!(await this.deps.interchanges.insert({ ...interchange, sets: outcomes(sets, []) }, controlKey, []))) {
      const existing = await this.deps.interchanges.findByControlKey(partner.id, 'inbound', read.controlNumber);
      throw conflict(
        'already_exists',
        `Interchange ${read.controlNumber} of this partner was received before as ${existing}; it is not applied twice.`,
        { existing_interchange_id: existing },
      );
    }
    const records: EdiRecord[][] = [];
    for (const set of sets) records.push(await applySet(set, scope, interchange.id));
    interchange.sets = outcomes(sets, records);
    interchange.status = overall(interchange.sets, interchange.errors);

    const writeAcknowledgement = read.acknowledgement(partner, new Date(now));
    const rejected = interchange.status === 'rejected';
    // Written inside the transaction that takes its control numbers and stores it (no gap).
    const acknowledge = writeAcknowledgement
      ? (controls: OutboundControls): EdiInterchange => {
          const ack = writeAcknowledgement(controls);
          const sent: EdiInterchange = {
            ...interchange,
            id: newId('edi', now),
            direction: 'outbound',
            controlNumber: ack.controlNumber,
            documentTypes: ack.documentTypes,
            status: 'sent',
            sets: [],
            errors: [],
            raw: ack.raw,
            inReplyTo: interchange.id,
          };
          interchange.acknowledgement = { interchangeId: sent.id, raw: ack.raw };
          return sent;
        }
      : null;
    await this.deps.interchanges.finish(interchange, rejected ? null : controlKey, acknowledge, () => [
      interchangeEvent(
        rejected ? 'edi.interchange.rejected' : 'edi.interchange.received',
        interchange,
        this.deps.present,
        now,
      ),
    ]);
    if (rejected) {
      const all = [...interchange.errors, ...interchange.sets.flatMap((s) => s.errors)].sort(
        (a, b) => a.position - b.position,
      );
      throw new DomainError(
        'unprocessable',
        'The interchange was rejected; nothing of it was applied.',
        faultsAsFields(all),
        {
          interchange_id: interchange.id,
          ...(interchange.acknowledgement ? { acknowledgement: interchange.acknowledgement.raw } : {}),
        },
      );
    }
    return interchange;
  }

  async get(scope: AccountScope, id: string, withRaw: boolean): Promise<EdiInterchange> {
    const interchange = await this.deps.interchanges.find(scope.accountId, scope.livemode, id, withRaw);
    if (!interchange) throw notFound(id);
    return interchange;
  }

  list(
    scope: AccountScope,
    filter: EdiInterchangeFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<EdiInterchange>> {
    return this.deps.interchanges.page(scope.accountId, scope.livemode, filter, limit, cursor);
  }
}

/** The set's mapping, checked now; its application, run later in its own transaction. */
function planSet(
  deps: Planner,
  partner: EdiPartner,
  header: EdiSegment,
  documentType: string,
  typeElement: string,
  map: {
    status?: () => { mapped: MappedStatus; issues: EdiIssue[] };
    invoice?: () => ReturnType<typeof map210>;
    shipment?: () => { mapped: MappedShipmentDocument | null; issues: EdiIssue[] };
    acknowledgement?: () => { verdict: AcknowledgementVerdict | null; issues: EdiIssue[] };
  },
): { issues: EdiIssue[]; apply: ReadSet['apply'] } {
  const fault = (message: string): EdiIssue => ({
    position: header.position,
    segment: header.tag,
    element: typeElement,
    rule: 'code',
    message,
  });
  if (map.acknowledgement) return planAcknowledgement(deps, partner, header, map.acknowledgement());
  if (!(partner.inbound as string[]).includes(documentType)) {
    return {
      issues: [
        fault(
          `the partner does not send ${documentType} (its inbound documents: ${partner.inbound.join(', ') || 'none'})`,
        ),
      ],
      apply: null,
    };
  }
  if (map.status) {
    const { mapped, issues } = map.status();
    if (issues.length > 0) return { issues, apply: null };
    return {
      issues: [],
      apply: async (scope) => {
        const changed = await deps.statusEvents.receive(scope, mapped.references, mapped.events);
        if (changed) return changed.containerIds.map((id) => ({ object: 'container' as const, id }));
        const { containerNumber, billOfLading, booking } = mapped.references;
        return {
          position: header.position,
          segment: header.tag,
          rule: 'reference',
          message: `the account tracks no container ${containerNumber ?? '(none)'}, bill of lading ${billOfLading ?? '(none)'} or booking ${booking ?? '(none)'}: nothing applied`,
        };
      },
    };
  }
  if (map.invoice) {
    const { mapped, issues } = map.invoice();
    if (!mapped) return { issues, apply: null };
    return {
      issues: [],
      apply: async (scope) => [{ object: 'invoice', id: (await deps.invoices.createDraft(scope, mapped.invoice)).id }],
    };
  }
  if (map.shipment) {
    const { mapped, issues } = map.shipment();
    if (!mapped) return { issues, apply: null };
    return {
      issues: [],
      apply: async (scope) => {
        const id = await deps.shipments.find(scope, mapped.references);
        if (!id) {
          const { billOfLadingNumber, bookingNumber, reference } = mapped.references;
          return {
            position: header.position,
            segment: header.tag,
            rule: 'reference',
            message: `the account has no shipment with bill of lading ${billOfLadingNumber ?? '(none)'}, booking ${bookingNumber ?? '(none)'} or reference ${reference ?? '(none)'}: nothing applied`,
          };
        }
        if ('milestones' in mapped) await deps.shipments.recordMilestones(scope, id, mapped.milestones);
        else await deps.shipments.recordBillOfLading(scope, id, mapped.bill);
        return [{ object: 'shipment', id }];
      },
    };
  }
  return {
    issues: [
      fault(
        `${documentType} is not mapped yet (mapped: 315, 322, 214, 310, 210, IFTSTA, INVOIC, 997, 999, TA1, CONTRL)`,
      ),
    ],
    apply: null,
  };
}

/**
 * A partner's 997/999, TA1 or CONTRL: the document we sent under the control number it names takes
 * its verdict (`edi.interchange.acknowledged`). One naming nothing we sent is accepted with errors
 * (`reference`), as a status for an untracked container is: resending would not help.
 */
function planAcknowledgement(
  deps: Planner,
  partner: EdiPartner,
  header: EdiSegment,
  read: { verdict: AcknowledgementVerdict | null; issues: EdiIssue[] },
): { issues: EdiIssue[]; apply: ReadSet['apply'] } {
  const { verdict, issues } = read;
  if (!verdict) return { issues, apply: null };
  return {
    issues: [],
    apply: async (_scope, interchangeId) => {
      const sent = await deps.interchanges.findSent(partner.id, verdict.reference);
      if (!sent) {
        return {
          position: header.position,
          segment: header.tag,
          rule: 'reference',
          message: `we sent this partner no interchange with ${verdict.names}: nothing acknowledged`,
        };
      }
      const after = acknowledgedBy(sent, verdict, { interchangeId, raw: '' }, acknowledgesSets(partner));
      const events =
        after.status === sent.status
          ? []
          : [interchangeEvent('edi.interchange.acknowledged', after, deps.present, deps.clock())];
      await deps.interchanges.recordAcknowledgement(after, events);
      return [{ object: 'edi_interchange', id: sent.id }];
    },
  };
}

const address = (qualifier: string, id: string): InterchangeAddress => ({
  qualifier: trimmed(qualifier),
  id: trimmed(id),
});

function x12Read(interchange: X12Interchange, planner: Planner): ReadInterchange {
  const isa = interchange.isa;
  return {
    standard: 'x12',
    controlNumber: trimmed(elementValue(isa, 13)),
    sender: address(elementValue(isa, 5), elementValue(isa, 6)),
    receiver: address(elementValue(isa, 7), elementValue(isa, 8)),
    senderAt: { position: 1, segment: 'ISA', element: 'ISA06' },
    envelopeIssues: () => [...interchange.issues, ...interchange.groups.flatMap((g) => g.issues)],
    sets: (partner) => {
      if (elementValue(isa, 15) !== partner.usageIndicator) {
        interchange.issues.push({
          position: 1,
          segment: 'ISA',
          element: 'ISA15',
          rule: 'code',
          message: `is ${elementValue(isa, 15)}, but this ${partner.usageIndicator === 'P' ? 'live' : 'test'} partner exchanges ${partner.usageIndicator} interchanges`,
        });
      }
      // A TA1 answers our interchange's envelope: it applies as a set of its own.
      const ta1s = interchange.ta1s.map((ta1): ReadSet => {
        const legible = interchange.issues.length === 0;
        const plan = legible ? planAcknowledgement(planner, partner, ta1, readTa1(ta1)) : { issues: [], apply: null };
        return {
          header: ta1,
          controlNumber: elementValue(ta1, 1),
          documentType: 'TA1',
          issues: plan.issues,
          legible,
          apply: plan.apply,
        };
      });
      const groupSets = interchange.groups.flatMap((group) =>
        group.sets.map((set) => {
          const documentType = elementValue(set.st, 1);
          const legible = interchange.issues.length === 0 && group.issues.length === 0 && set.issues.length === 0;
          const plan = legible
            ? planSet(planner, partner, set.st, documentType, 'ST01', {
                status:
                  documentType === '315'
                    ? () => map315(set, `edi:${partner.id}`)
                    : documentType === '322'
                      ? () => map322(set, `edi:${partner.id}`)
                      : undefined,
                invoice: documentType === '210' ? () => map210(set) : undefined,
                shipment:
                  documentType === '214' ? () => map214(set) : documentType === '310' ? () => map310(set) : undefined,
                acknowledgement: documentType === '997' || documentType === '999' ? () => read997(set) : undefined,
              })
            : { issues: [], apply: null };
          set.issues.push(...plan.issues);
          return {
            header: set.st,
            controlNumber: elementValue(set.st, 2),
            documentType,
            issues: set.issues,
            legible,
            apply: plan.apply,
          };
        }),
      );
      return [...ta1s, ...groupSets];
    },
    acknowledgement: (partner, at) => {
      // A group of acknowledgements (FA) gets no 997: asking for nothing takes no control number.
      const wants = {
        ta1: partner.acknowledgements.includes('ta1'),
        functional:
          partner.acknowledgements.includes('997') && interchange.groups.some((g) => elementValue(g.gs, 1) !== 'FA'),
      };
      const asked = wants.ta1 || wants.functional || elementValue(isa, 14) === '1';
      if (!asked) return null;
      return (controls) => {
        const ack = x12Acknowledgement(interchange, wants, partiesOf(partner), controls, at);
        // Asked means a TA1 or a group to answer: there is always something to write.
        if (!ack) throw new Error('an X12 acknowledgement was asked, but there was nothing to acknowledge');
        return {
          raw: writeX12(ack),
          documentTypes: [...(ack.ta1s.length > 0 ? ['TA1'] : []), ...(ack.groups.length > 0 ? ['997'] : [])],
          controlNumber: elementValue(ack.isa, 13),
        };
      };
    },
  };
}

function edifactRead(interchange: EdifactInterchange, planner: Planner): ReadInterchange {
  const unb = interchange.unb;
  return {
    standard: 'edifact',
    controlNumber: elementValue(unb, 5),
    sender: address(elementValue(unb, 2, 2), elementValue(unb, 2, 1)),
    receiver: address(elementValue(unb, 3, 2), elementValue(unb, 3, 1)),
    senderAt: { position: 1, segment: 'UNB', element: elementName('UNB', 2, 1) },
    envelopeIssues: () => [...interchange.issues],
    sets: (partner) => {
      // UNB11 1 marks a test interchange; a live partner takes none.
      if (elementValue(unb, 11) === '1' && partner.usageIndicator === 'P') {
        interchange.issues.push({
          position: 1,
          segment: 'UNB',
          element: 'UNB11',
          rule: 'code',
          message: 'is 1 (a test interchange), but this live partner exchanges production interchanges',
        });
      }
      return interchange.messages.map((message) => {
        const documentType = elementValue(message.unh, 2, 1);
        const legible = interchange.issues.length === 0 && message.issues.length === 0;
        const plan = legible
          ? planSet(planner, partner, message.unh, documentType, 'UNH02-1', {
              status: documentType === 'IFTSTA' ? () => mapIftsta(message, `edi:${partner.id}`) : undefined,
              invoice: documentType === 'INVOIC' ? () => mapInvoic(message) : undefined,
              acknowledgement: documentType === 'CONTRL' ? () => readContrl(message) : undefined,
            })
          : { issues: [], apply: null };
        message.issues.push(...plan.issues);
        return {
          header: message.unh,
          controlNumber: elementValue(message.unh, 1),
          documentType,
          issues: message.issues,
          legible,
          apply: plan.apply,
        };
      });
    },
    acknowledgement: (partner, at) => {
      if (elementValue(unb, 9) !== '1' && !partner.acknowledgements.includes('contrl')) return null;
      // A CONTRL is never acknowledged with another.
      if (interchange.messages.every((m) => elementValue(m.unh, 2, 1) === 'CONTRL')) return null;
      return (controls) => {
        const ack = edifactAcknowledgement(interchange, partiesOf(partner), controls, at);
        return { raw: writeEdifact(ack), documentTypes: ['CONTRL'], controlNumber: elementValue(ack.unb, 5) };
      };
    },
  };
}

/** Applies one planned set; what it cannot apply becomes one of its faults. */
async function applySet(set: ReadSet, scope: AccountScope, interchangeId: string): Promise<EdiRecord[]> {
  if (!set.apply || !set.legible || rejecting(set.issues).length > 0) return [];
  try {
    const result = await set.apply(scope, interchangeId);
    if (Array.isArray(result)) return result;
    set.issues.push(result);
  } catch (error) {
    // The owning capability refused what the set says (an invoice the invoices domain rejects, a
    // milestone the shipment's state machine does not allow); a concurrent change is no refusal.
    if (!(error instanceof DomainError) || (error.kind === 'conflict' && error.code !== 'invalid_state')) throw error;
    set.issues.push({ position: set.header.position, segment: set.header.tag, rule: 'code', message: error.message });
  }
  return [];
}

function outcomes(sets: readonly ReadSet[], records: readonly EdiRecord[][]): EdiSetOutcome[] {
  return sets.map((set, i) => ({
    controlNumber: set.controlNumber,
    documentType: set.documentType,
    status:
      !set.legible || rejecting(set.issues).length > 0
        ? 'rejected'
        : set.issues.length > 0
          ? 'accepted_with_errors'
          : 'accepted',
    errors: [...set.issues],
    records: records[i] ?? [],
  }));
}

function overall(sets: readonly EdiSetOutcome[], envelope: readonly EdiIssue[]): EdiInterchange['status'] {
  // Every set rejected, or an envelope fault in an interchange without sets.
  if (sets.every((s) => s.status === 'rejected') && (sets.length > 0 || envelope.length > 0)) return 'rejected';
  if (sets.some((s) => s.status === 'rejected')) return 'partially_accepted';
  return sets.some((s) => s.status === 'accepted_with_errors') ? 'accepted_with_errors' : 'accepted';
}
