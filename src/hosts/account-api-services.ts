import type { Knex } from 'knex';
import { loadDocumentStorageConfig } from '../config/document-storage-config';
import { EdiInterchangeRepository } from '../db/repositories/edi-interchange.repository';
import { EdiPartnerRepository } from '../db/repositories/edi-partner.repository';
import { CustomsEntryRepository } from '../db/repositories/customs-entry.repository';
import { DocumentRepository } from '../db/repositories/document.repository';
import { ProductRepository } from '../db/repositories/product.repository';
import { InvoiceRepository } from '../db/repositories/invoice.repository';
import { LtlQuoteRequestRepository } from '../db/repositories/ltl-quote-request.repository';
import { ShipmentRepository } from '../db/repositories/shipment.repository';
import { toApiCustomsEntry } from '../handlers/outputs/customs-entry.output';
import { toApiDocument } from '../handlers/outputs/document.output';
import { toApiEdiInterchange } from '../handlers/outputs/edi.output';
import { toApiInvoice } from '../handlers/outputs/invoice.output';
import { toApiLtlQuoteRequest } from '../handlers/outputs/ltl-quote.output';
import { toApiShipment } from '../handlers/outputs/shipment.output';
import { LocalDiskStorage } from '../storage/local-disk.storage';
import { S3Storage } from '../storage/s3.storage';
import type { AppDependencies } from './app-dependencies';
import { DocumentService, type DocumentStorage } from '../domain/documents';
import { EntryService } from '../domain/entries';
import { ProductService } from '../domain/products';
import { EdiIntakeService, EdiPartnerService, EdiSendService } from '../domain/edi';
import { InvoiceService } from '../domain/invoices';
import { LtlQuoteService } from '../domain/ltl';
import { ShipmentService, SubscriptionShipmentTracking } from '../domain/shipments';

function documentStorage(): DocumentStorage {
  const config = loadDocumentStorageConfig();
  return config.kind === 'local' ? new LocalDiskStorage(config.dir) : new S3Storage(config);
}

export type AccountApiServices = ReturnType<typeof buildAccountApiServices>;

const built = new WeakMap<AppDependencies, AccountApiServices>();

/** The account API's use cases on the site host: one set per app, shared by its API handlers and its web pages. */
/** Sending documents to partners, on request (the API) and on events (the worker's `edi.auto-send`). */
export function ediSendServiceOf(knex: Knex, clock: () => number): EdiSendService {
  const shipments = new ShipmentRepository(knex);
  const invoices = new InvoiceRepository(knex);
  return new EdiSendService({
    partners: new EdiPartnerRepository(knex),
    interchanges: new EdiInterchangeRepository(knex),
    sources: {
      shipment: (scope, id) => shipments.find(scope.accountId, scope.livemode, id),
      invoice: (scope, id) => invoices.find(scope.accountId, scope.livemode, id),
    },
    clock,
    present: toApiEdiInterchange,
  });
}

export function accountApiServicesOf(deps: AppDependencies): AccountApiServices {
  let services = built.get(deps);
  if (!services) {
    services = buildAccountApiServices(deps);
    built.set(deps, services);
  }
  return services;
}

function buildAccountApiServices(deps: AppDependencies) {
  const clock = () => deps.clock.now().getTime();
  const shipmentStore = new ShipmentRepository(deps.db.knex);
  const shipments = new ShipmentService({
    store: shipmentStore,
    tracking: new SubscriptionShipmentTracking(deps.tracking.subscriptions),
    clock,
    present: toApiShipment,
  });
  const invoiceStore = new InvoiceRepository(deps.db.knex);
  const shipmentIsOwn = async (accountId: string, livemode: boolean, id: string) =>
    (await shipmentStore.find(accountId, livemode, id)) !== null;
  const invoices = new InvoiceService({
    store: invoiceStore,
    shipmentIsOwn,
    clock,
    present: toApiInvoice,
  });
  const documents = new DocumentService({
    store: new DocumentRepository(deps.db.knex),
    storage: documentStorage(),
    shipmentIsOwn,
    clock,
    present: toApiDocument,
    warn: (message, error) => deps.logger.warn({ err: error }, message),
  });
  const ltl = new LtlQuoteService({
    store: new LtlQuoteRequestRepository(deps.db.knex),
    clock,
    present: toApiLtlQuoteRequest,
  });
  const ediPartnerStore = new EdiPartnerRepository(deps.db.knex);
  const ediPartners = new EdiPartnerService({ store: ediPartnerStore, clock });
  const ediInterchangeStore = new EdiInterchangeRepository(deps.db.knex);
  const ediIntake = new EdiIntakeService({
    partners: ediPartnerStore,
    interchanges: ediInterchangeStore,
    // A partner's status goes through tracking's own merge, as a carrier feed's would.
    statusEvents: {
      receive: (scope, references, events) =>
        deps.tracking.refresh.receivePartnerEvents(scope.accountId, scope.livemode, references, events),
    },
    invoices: { createDraft: (scope, input) => invoices.create(scope, input) },
    shipments: {
      find: async (scope, references) => (await shipments.findByReferences(scope, references))?.id ?? null,
      recordMilestones: (scope, id, milestones) => shipments.recordMilestones(scope, id, milestones),
      recordBillOfLading: (scope, id, bill) => shipments.recordBillOfLading(scope, id, bill),
    },
    clock,
    present: toApiEdiInterchange,
  });
  const ediSend = ediSendServiceOf(deps.db.knex, clock);
  const entries = new EntryService({
    store: new CustomsEntryRepository(deps.db.knex),
    shipments: shipmentStore,
    clock,
    present: toApiCustomsEntry,
  });
  const products = new ProductService({ store: new ProductRepository(deps.db.knex), clock });
  return { shipments, invoices, documents, ltl, ediPartners, ediIntake, ediSend, entries, products };
}
