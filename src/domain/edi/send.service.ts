/**
 * Documents we send a partner (issue 36): a shipment's status (X12 315, EDIFACT IFTSTA), the
 * shipment itself (X12 856 ship notice or 310 bill of lading, EDIFACT IFTMIN) or an invoice (X12
 * 210, EDIFACT INVOIC), in the partner's standard and version, under its next control
 * numbers, stored with the text as sent. A partner that acknowledges (997/999/TA1, CONTRL) leaves
 * the interchange `awaiting_ack` until its acknowledgement comes in (intake.service.ts).
 */
import { writeEdifact } from './edifact';
import type { EdiInterchange } from './interchange';
import { interchangeEvent } from './interchange-events';
import type { EdiInterchangeStore, EdiSources, EdiTenant } from './interchange-ports';
import { invoicMessage, x12InvoiceSet } from './outbound-invoice';
import { edifactOutbound, partiesOf, type SegmentSpec, x12Outbound } from './outbound-envelope';
import { iftstaMessages, shipmentStatusReport, x12StatusSets } from './outbound-status';
import { iftminMessage, x12BillOfLadingSet, x12ShipNoticeSet } from './outbound-shipment';
import { acknowledges, type EdiDocumentType, type EdiPartner, outboundDocuments } from './partner';
import type { EdiPartnerStore } from './partner-ports';
import { writeX12 } from './x12';
import { type AccountScope, DomainError, newId } from '../shared';

export type EdiSendRequest =
  | { document: 'shipment_status' | 'shipment' | 'bill_of_lading'; shipmentId: string }
  | { document: 'invoice'; invoiceId: string };

export interface EdiSendDeps {
  partners: EdiPartnerStore;
  interchanges: EdiInterchangeStore;
  sources: EdiSources;
  clock: () => number;
  present: (interchange: EdiInterchange) => unknown;
}

const notFound = (what: string, id: string) => new DomainError('not_found', `No ${what} ${id} in this account.`);

/** The messages (sets) of the document, in the partner's standard, and the record each reports on. */
async function compose(
  sources: EdiSources,
  scope: EdiTenant,
  partner: EdiPartner,
  request: EdiSendRequest,
  now: number,
): Promise<{ bodies: SegmentSpec[][]; record: EdiInterchange['sets'][number]['records'][number] }> {
  if (request.document !== 'invoice') {
    const shipment = await sources.shipment(scope, request.shipmentId);
    if (!shipment) throw notFound('shipment', request.shipmentId);
    const record = { object: 'shipment', id: shipment.id } as const;
    if (request.document === 'shipment_status') {
      const report = shipmentStatusReport(shipment);
      const bodies =
        partner.standard === 'x12'
          ? x12StatusSets(report)
          : iftstaMessages(report, shipment.reference ?? shipment.id, now);
      return { bodies, record };
    }
    if (partner.standard === 'edifact') return { bodies: [iftminMessage(shipment, now)], record };
    return {
      bodies: [request.document === 'shipment' ? x12ShipNoticeSet(shipment) : x12BillOfLadingSet(shipment)],
      record,
    };
  }
  const invoice = await sources.invoice(scope, request.invoiceId);
  if (!invoice) throw notFound('invoice', request.invoiceId);
  return {
    bodies: [partner.standard === 'x12' ? x12InvoiceSet(invoice) : invoicMessage(invoice)],
    record: { object: 'invoice', id: invoice.id },
  };
}

export class EdiSendService {
  constructor(private readonly deps: EdiSendDeps) {}

  async send(scope: AccountScope, partnerId: string, request: EdiSendRequest): Promise<EdiInterchange> {
    const partner = await this.deps.partners.find(scope.accountId, scope.livemode, partnerId);
    if (!partner) throw notFound('EDI partner', partnerId);
    // Without a source event the store never declines.
    return (await this.write(scope, partner, request, null))!;
  }

  /** Sends what an outbox event calls for; null when the partner already has it for that event. */
  sendFor(eventId: string, scope: EdiTenant, partner: EdiPartner, request: EdiSendRequest) {
    return this.write(scope, partner, request, eventId);
  }

  private async write(
    scope: EdiTenant,
    partner: EdiPartner,
    request: EdiSendRequest,
    sourceEventId: string | null,
  ): Promise<EdiInterchange | null> {
    const document = outboundDocuments[request.document];
    const documentType: EdiDocumentType = document[partner.standard];
    if (!partner.outbound.includes(documentType)) {
      throw new DomainError(
        'unprocessable',
        `Partner ${partner.id} does not take ${documentType} from us (its outbound documents: ${partner.outbound.join(', ') || 'none'}); add it to outbound_documents first.`,
        [{ field: 'document', message: `the partner does not take ${documentType}` }],
      );
    }
    const now = this.deps.clock();
    const { bodies, record } = await compose(this.deps.sources, scope, partner, request, now);
    const awaiting = acknowledges(partner);
    const parties = partiesOf(
      partner,
      awaiting && (partner.standard === 'edifact' || partner.acknowledgements.includes('ta1')),
    );
    return this.deps.interchanges.insertOutbound(
      partner.id,
      bodies.length,
      (controls) => {
        const references = bodies.map((_, i) =>
          partner.standard === 'x12' ? String(controls.firstSet + i).padStart(4, '0') : String(controls.firstSet + i),
        );
        let raw: string;
        let controlNumber: string;
        if (partner.standard === 'x12') {
          const written = x12Outbound(parties, controls, new Date(now), {
            functionalId: document.functionalId,
            sets: bodies.map((segments, i) => ({ control: references[i], segments })),
          });
          raw = writeX12(written);
          controlNumber = written.isa.elements[12][0][0];
        } else {
          const [, version, release] = /^D\.(\d\d)([A-Z])$/.exec(partner.version)!;
          const written = edifactOutbound(
            parties,
            controls,
            new Date(now),
            bodies.map((segments, i) => ({
              reference: references[i],
              type: [documentType, 'D', `${version}${release}`, 'UN'],
              segments,
            })),
          );
          raw = writeEdifact(written);
          controlNumber = String(controls.interchange);
        }
        const interchange: EdiInterchange = {
          id: newId('edi', now),
          accountId: scope.accountId,
          livemode: scope.livemode,
          partnerId: partner.id,
          direction: 'outbound',
          standard: partner.standard,
          controlNumber,
          groupControlNumber: partner.standard === 'x12' ? String(controls.group) : null,
          documentTypes: [documentType],
          status: awaiting ? 'awaiting_ack' : 'sent',
          sets: references.map((controlNumber) => ({
            controlNumber,
            documentType,
            status: 'sent',
            errors: [],
            records: [record],
          })),
          errors: [],
          raw,
          acknowledgement: null,
          inReplyTo: null,
          createdAt: now,
        };
        return { interchange, events: [interchangeEvent('edi.interchange.sent', interchange, this.deps.present, now)] };
      },
      sourceEventId,
    );
  }
}
