import request from 'supertest';
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
