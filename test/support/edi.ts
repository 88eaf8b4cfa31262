import request from 'supertest';
import { siteClient } from './account-api';
import type { EdiSegment } from '../../src/domain/edi';
import type { TestApp } from './app';

/**
 * Trading partners whose envelope ids are those of the samples in data/tracking/edi (CMA CGM's 315s,
 * XPO's 210, CargoSmart's IFTSTA), as an account would connect them; a test widens one with spread.
 */
export const samplePartners = {
  cmaCgm: {
    name: 'CMA CGM status feed',
    standard: 'x12',
    version: '004010',
    their_interchange_id: { qualifier: 'ZZ', id: 'CMACGM' },
    our_interchange_id: { qualifier: 'ZZ', id: 'OECGROUP' },
    their_application_code: 'CMACGM',
    our_application_code: 'OECGROUP',
    inbound_documents: ['315'],
    acknowledgements: ['ta1', '997'],
  },
  xpo: {
    name: 'XPO invoices',
    standard: 'x12',
    version: '004010',
    their_interchange_id: { qualifier: 'ZZ', id: 'CARRIERXPO' },
    our_interchange_id: { qualifier: 'ZZ', id: 'APEXFREIGHT' },
    inbound_documents: ['210'],
    acknowledgements: ['997'],
  },
  cargoSmart: {
    name: 'CargoSmart',
    standard: 'edifact',
    version: 'D.99B',
    their_interchange_id: { qualifier: 'ZZZ', id: 'IITTRR' },
    our_interchange_id: { qualifier: 'ZZZ', id: '999999' },
    inbound_documents: ['IFTSTA'],
    acknowledgements: ['contrl'],
  },
};

export const x12Type = 'application/edi-x12';

/** Posts raw EDI text to POST /api/edi/interchanges as the partner's system would, a moment after the last. */
export function postInterchange(app: TestApp, secret: string, text: string | Buffer, type = x12Type) {
  app.clock.advance(50);
  return request(app.hosts.site)
    .post('/api/edi/interchanges')
    .set('Authorization', `Bearer ${secret}`)
    .set('Content-Type', type)
    .send(text);
}

/** Partners we send to (test/contract/edi-sending.test.ts, edi-auto-send.test.ts): X12 004010 with 997s, EDIFACT D.99B with CONTRL. */
export const x12Partner = {
  name: 'Acme forwarding',
  standard: 'x12',
  version: '004010',
  their_interchange_id: { qualifier: 'ZZ', id: 'ACMEFWD' },
  our_interchange_id: { qualifier: 'ZZ', id: 'TRADELANE' },
  their_application_code: 'ACMEFWD',
  our_application_code: 'TRADELANE',
  outbound_documents: ['315', '210'],
  acknowledgements: ['997'],
};
export const edifactPartner = {
  name: 'Hafen terminal',
  standard: 'edifact',
  version: 'D.99B',
  their_interchange_id: { qualifier: 'ZZZ', id: 'HAFENTERM' },
  our_interchange_id: { qualifier: 'ZZZ', id: 'TRADELANE' },
  outbound_documents: ['IFTSTA', 'INVOIC'],
  acknowledgements: ['contrl'],
};

export const bl = 'MEDUNB123456';
/** A test-mode shipment on its way: created, booked (tracking the sandbox) and departed. */
export async function departedShipment(app: TestApp, secret: string, containers: string[]) {
  const client = siteClient(app, secret);
  const shipment = (
    await client
      .post('/api/shipments', {
        reference: 'PO-4471',
        mode: 'ocean_fcl',
        origin: { locode: 'CNNGB' },
        destination: { locode: 'USLAX' },
        bill_of_lading_number: bl,
        booking_number: 'BKG778812',
        eta: '2026-12-28',
        containers: containers.map((number) => ({ number })),
      })
      .expect(201)
  ).body;
  await client.post(`/api/shipments/${shipment.id}/book`).expect(200);
  await client.post(`/api/shipments/${shipment.id}/depart`).expect(200);
  return { id: shipment.id as string, departedAt: app.clock.now().getTime() };
}

/** A finalized invoice with a taxed line (subtotal 3234.99 + tax 5.80 = 3240.79). */
export async function finalizedInvoice(app: TestApp, secret: string) {
  const client = siteClient(app, secret);
  const invoice = (
    await client
      .post('/api/invoices', {
        currency: 'USD',
        lines: [
          {
            description: 'Ocean freight CNNGB-USLAX',
            charge_code: 'ocean_freight',
            quantity: '1',
            unit_amount: '2850.00',
          },
          { description: 'Trucking to DC', charge_code: 'trucking', quantity: '1', unit_amount: '305.00' },
          { description: 'Docs', charge_code: 'documentation', quantity: '1', unit_amount: '79.99', tax_rate: '7.25' },
        ],
      })
      .expect(201)
  ).body;
  return (await client.post(`/api/invoices/${invoice.id}/finalize`).expect(200)).body;
}

/** Asks for one outbound document to a partner. */
export const sendToPartner = (app: TestApp, secret: string, partnerId: string, body: object) =>
  siteClient(app, secret).post(`/api/edi/partners/${partnerId}/send`, body);

/** An interchange's raw text, as stored. */
export const interchangeRaw = async (app: TestApp, secret: string, id: string): Promise<string> =>
  (await siteClient(app, secret).get(`/api/edi/interchanges/${id}?expand=raw`).expect(200)).body.raw;

/** A segment as its tag and elements, components joined by ':' and repeats by '^', for comparisons. */
export const segmentValues = (s: EdiSegment) => [s.tag, ...s.elements.map((e) => e.map((c) => c.join(':')).join('^'))];
