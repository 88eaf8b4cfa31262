/**
 * Documents sent to partners on their own (issue 36): each shipment departure or arrival and each
 * finalized invoice in the outbox goes, as `POST /api/edi/partners/{id}/send` would send it, to
 * every partner of the account and mode whose `auto_send` lists the document. The outbox is read
 * at least once (an event is marked handled only after all its partners had it), and the store
 * keeps one interchange per partner and event, so a replayed event sends nothing twice.
 */
import type { EdiInterchange } from './interchange';
import type { EdiAutoSendDocument, EdiPartner } from './partner';
import type { EdiPartnerStore } from './partner-ports';
import type { EdiSendRequest, EdiSendService } from './send.service';
import { DomainError, type OutboxEvent } from '../shared';

/** The outbox as the EDI sender reads it: its own mark beside webhook delivery's. */
export interface EdiEventFeed {
  /** Events of these types the EDI sender has not handled, oldest first. */
  unhandled(types: readonly string[], limit: number): Promise<OutboxEvent[]>;
  markHandled(ids: readonly string[], at: number): Promise<void>;
}

/** What each event sends: the document, and the request naming the event's subject. */
const triggers: Record<string, { document: EdiAutoSendDocument; request: (id: string) => EdiSendRequest }> = {
  'shipment.departed': {
    document: 'shipment_status',
    request: (id) => ({ document: 'shipment_status', shipmentId: id }),
  },
  'shipment.arrived': {
    document: 'shipment_status',
    request: (id) => ({ document: 'shipment_status', shipmentId: id }),
  },
  'invoice.finalized': { document: 'invoice', request: (id) => ({ document: 'invoice', invoiceId: id }) },
};
export const autoSendEventTypes = Object.keys(triggers);

export interface EdiAutoSendDeps {
  events: EdiEventFeed;
  partners: Pick<EdiPartnerStore, 'autoSending'>;
  sending: Pick<EdiSendService, 'sendFor'>;
  /** Whether the account's plan includes sending (a downgraded account's partners get nothing). */
  mayAutoSend(accountId: string): Promise<boolean>;
  clock: () => number;
  /** A document that could not be written (the shipment has no containers any more, …): told, not retried. */
  skipped(event: OutboxEvent, partner: EdiPartner, error: DomainError): void;
}

export interface AutoSendReport {
  events: number;
  sent: EdiInterchange[];
}

/** Events read per batch: a backlog is worked through in bounded reads. */
const batchSize = 100;

export class EdiAutoSend {
  constructor(private readonly deps: EdiAutoSendDeps) {}

  /** Sends what the unhandled events call for; a failure other than the document's own leaves its event for the next run. */
  async run(): Promise<AutoSendReport> {
    const report: AutoSendReport = { events: 0, sent: [] };
    for (;;) {
      const events = await this.deps.events.unhandled(autoSendEventTypes, batchSize);
      for (const event of events) {
        report.sent.push(...(await this.sendOn(event)));
        await this.deps.events.markHandled([event.id], this.deps.clock());
        report.events++;
      }
      if (events.length < batchSize) return report;
    }
  }

  private async sendOn(event: OutboxEvent): Promise<EdiInterchange[]> {
    const trigger = triggers[event.type];
    if (!trigger || event.accountId === null || event.subjectId === null) return [];
    const scope = { accountId: event.accountId, livemode: event.livemode };
    const partners = await this.deps.partners.autoSending(scope.accountId, scope.livemode, trigger.document);
    if (partners.length === 0 || !(await this.deps.mayAutoSend(scope.accountId))) return [];
    const sent: EdiInterchange[] = [];
    for (const partner of partners) {
      try {
        const interchange = await this.deps.sending.sendFor(event.id, scope, partner, trigger.request(event.subjectId));
        if (interchange) sent.push(interchange);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.deps.skipped(event, partner, error);
      }
    }
    return sent;
  }
}
