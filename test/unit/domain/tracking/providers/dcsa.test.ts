import fs from 'node:fs';
import path from 'node:path';
import { DcsaCarrierEventsProvider } from '../../../../../src/domain/tracking/providers/dcsa/dcsa-provider';
import { eventsUrl, nextPageUrl, OffOriginNextPage } from '../../../../../src/domain/tracking/providers/dcsa/request';
import { parseDcsaEvents } from '../../../../../src/domain/tracking/providers/dcsa/response';
import type { DcsaSettings } from '../../../../../src/domain/tracking/providers/dcsa/settings';
import { ProviderError, TrackingQuery } from '../../../../../src/domain/tracking/providers/provider-types';
import { LocalServer, sendJson, startLocalServer } from '../../../../support/local-http-server';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../fixtures/tracking/dcsa', name), 'utf8'));
const settings = (overrides: Partial<DcsaSettings> = {}): DcsaSettings => ({
  scac: 'MAEU',
  baseUrl: 'https://dcsa.example/tnt',
  version: '3',
  auth: { type: 'none' },
  timeoutMs: 2000,
  pageSize: 2,
  maxPages: 5,
  maxTransportCalls: 4,
  ...overrides,
});
const containerQuery: TrackingQuery = {
  referenceType: 'container',
  reference: 'MSKU1234565',
  carrierScac: 'MAEU',
  subscribedAt: 0,
};

describe('DCSA request mapping', () => {
  test('3.0 filters by equipmentReference or documentReference under /v3', () => {
    expect(eventsUrl(settings(), containerQuery)).toBe(
      'https://dcsa.example/tnt/v3/events?equipmentReference=MSKU1234565&limit=2',
    );
    expect(eventsUrl(settings(), { ...containerQuery, referenceType: 'bill_of_lading', reference: 'MAEU123' })).toBe(
      'https://dcsa.example/tnt/v3/events?documentReference=MAEU123&limit=2',
    );
  });

  test('2.2 filters by transportDocumentReference or carrierBookingReference under /v2', () => {
    const v2 = settings({ version: '2.2' });
    expect(eventsUrl(v2, { ...containerQuery, referenceType: 'bill_of_lading', reference: 'HLCUX1' })).toContain(
      '/v2/events?transportDocumentReference=HLCUX1',
    );
    expect(eventsUrl(v2, { ...containerQuery, referenceType: 'booking', reference: 'HLCUX1' })).toContain(
      '/v2/events?carrierBookingReference=HLCUX1',
    );
  });

  test('Next-Page may be a URL on the same origin, a path or a bare cursor', () => {
    const current = 'https://dcsa.example/tnt/v3/events?equipmentReference=X&limit=2';
    expect(nextPageUrl(current, 'https://dcsa.example/tnt/v3/events?cursor=abc')).toBe(
      'https://dcsa.example/tnt/v3/events?cursor=abc',
    );
    expect(nextPageUrl(current, '/tnt/v3/events?cursor=abc')).toBe('https://dcsa.example/tnt/v3/events?cursor=abc');
    expect(nextPageUrl(current, 'abc')).toBe(
      'https://dcsa.example/tnt/v3/events?equipmentReference=X&limit=2&cursor=abc',
    );
    expect(nextPageUrl(current, null)).toBeNull();
  });

  test('Next-Page on another origin is refused: the carrier credentials never go there', () => {
    const current = 'https://dcsa.example/tnt/v3/events?equipmentReference=X&limit=2';
    for (const elsewhere of [
      'https://other.example/v3/events?cursor=abc',
      'http://dcsa.example/tnt/v3/events',
      'https://dcsa.example:8443/x',
      '//other.example/x',
      'HTTPS://evil.example/x',
      'ftp://dcsa.example/x',
    ]) {
      expect(() => nextPageUrl(current, elsewhere)).toThrow(OffOriginNextPage);
    }
  });
});

describe('DCSA response mapping', () => {
  test('3.0 events: metadata and payload, facility locations, transport calls and vessels', () => {
    const parsed = parseDcsaEvents(fixture('v3-equipment-page1.json'), '3', 'dcsa:MAEU');
    expect(parsed.messages).toEqual([]);
    expect(parsed.events).toHaveLength(2);
    expect(parsed.events[0]).toEqual({
      providerEventId: '3ac63340-3f64-434b-8410-67942a2cef21',
      eventType: 'EQUIPMENT',
      code: 'GTIN',
      classifier: 'ACT',
      eventTime: Date.parse('2026-10-28T00:00:00Z'),
      eventCreatedAt: Date.parse('2026-10-28T01:25:00Z'),
      equipmentReference: 'MSKU1234565',
      isoEquipmentCode: '45G1',
      emptyIndicator: 'LADEN',
      isTransshipment: false,
      location: {
        unlocode: 'CNSHA',
        name: 'Yangshan Deep Water Port',
        facilityCode: 'YSPT',
        facilityCodeListProvider: 'SMDG',
        lat: null,
        lon: null,
      },
      transportCall: null,
      source: 'dcsa:MAEU',
    });
    expect(parsed.events[1].transportCall).toEqual({
      reference: 'TC-CNSHA-246W',
      sequenceNumber: 1,
      modeOfTransport: 'VESSEL',
      vessel: { imo: '9321483', name: 'King of the Seas', mmsi: null },
      exportVoyage: '246W',
      importVoyage: '246W',
      serviceCode: 'AE7',
      location: {
        unlocode: 'CNSHA',
        name: 'Shanghai',
        facilityCode: null,
        facilityCodeListProvider: null,
        lat: null,
        lon: null,
      },
    });
    // With no event location, the transport call's location is where it happened.
    expect(parsed.events[1].location?.unlocode).toBe('CNSHA');
  });

  test('3.0 retractions are collected, unreadable events are reported, never guessed', () => {
    const parsed = parseDcsaEvents(fixture('v3-equipment-page2.json'), '3', 'dcsa:MAEU');
    expect(parsed.retractedEventIds).toEqual(['957e4966-dad0-4111-9f8f-fb7216c43907']);
    expect(parsed.events.map((e) => `${e.code} ${e.classifier}`)).toEqual(['DISC PLN']);
    expect(parsed.messages).toEqual(['event 8b1a2c3d-0000-4000-8000-000000000001: unknown EQUIPMENT code XXXX']);
  });

  test('2.2 flat events: shipment, equipment with coordinates, transport with voyage', () => {
    const parsed = parseDcsaEvents(fixture('v2.2-booking.json'), '2.2', 'dcsa:HLCU');
    expect(parsed.messages).toEqual([]);
    expect(parsed.events.map((e) => [e.eventType, e.code, e.classifier])).toEqual([
      ['SHIPMENT', 'CONF', 'ACT'],
      ['EQUIPMENT', 'GTOT', 'ACT'],
      ['EQUIPMENT', 'LOAD', 'ACT'],
      ['TRANSPORT', 'ARRI', 'EST'],
    ]);
    expect(parsed.events[1].location).toMatchObject({ unlocode: 'DEHAM', lat: 53.54, lon: 9.97 });
    expect(parsed.events[1].emptyIndicator).toBe('EMPTY');
    expect(parsed.events[2].transportCall).toMatchObject({
      reference: '8b64d20b-523b-4491-b2e5-32cfa5174eed',
      exportVoyage: '2103S',
      vessel: { imo: '9811000', name: 'Berlin Express' },
    });
    expect(parsed.events[2].location?.unlocode).toBe('DEHAM');
    expect(parsed.events[3]).toMatchObject({ equipmentReference: null, location: { unlocode: 'USNYC' } });
  });

  test('a body that is not an array is a message, not a crash', () => {
    expect(parseDcsaEvents({ errors: [] }, '3', 'x')).toEqual({
      events: [],
      retractedEventIds: [],
      messages: ['response is not an array of events'],
    });
  });
});

describe('DCSA client against a local DCSA 3.0 server', () => {
  let server: LocalServer;
  let mode: 'ok' | 'down' | 'slow' = 'ok';
  let tokensIssued = 0;
  beforeAll(async () => {
    const calls = fixture('v3-transport-calls.json') as Record<string, unknown[]>;
    server = await startLocalServer(async (req, res) => {
      if (req.url.pathname === '/oauth/token') {
        tokensIssued += 1;
        const form = new URLSearchParams(req.body);
        if (form.get('client_secret') !== 's3cret') return sendJson(res, 401, { error: 'invalid_client' });
        return sendJson(res, 200, { access_token: `tok${tokensIssued}`, token_type: 'Bearer', expires_in: 3600 });
      }
      if (mode === 'down') return sendJson(res, 503, { message: 'maintenance' });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 500));
      if (req.headers.authorization !== `Bearer tok${tokensIssued}`) return sendJson(res, 401, { message: 'no token' });
      if (req.headers['api-version'] !== '3') return sendJson(res, 400, { message: 'API-Version 3 expected' });
      const q = req.url.searchParams;
      if (req.url.pathname !== '/tnt/v3/events') return sendJson(res, 404, {});
      if (q.get('equipmentReference') === 'MSKU1234565') {
        if (q.get('cursor') === 'p2') return sendJson(res, 200, fixture('v3-equipment-page2.json'));
        return sendJson(res, 200, fixture('v3-equipment-page1.json'), {
          'Next-Page': '/tnt/v3/events?equipmentReference=MSKU1234565&limit=2&cursor=p2',
        });
      }
      if (q.get('eventTypes') === 'TRANSPORT')
        return sendJson(res, 200, calls[q.get('transportCallReference') ?? ''] ?? []);
      return sendJson(res, 200, []);
    });
  });
  afterAll(() => server.close());
  const provider = () =>
    new DcsaCarrierEventsProvider(
      settings({
        baseUrl: `${server.url}/tnt`,
        auth: { type: 'oauth2', tokenUrl: `${server.url}/oauth/token`, clientId: 'tradelane', clientSecret: 's3cret' },
      }),
    );

  test('follows pages, fetches the vessel calls, authenticates once with OAuth client credentials', async () => {
    mode = 'ok';
    const client = provider();
    const result = await client.fetchEvents(containerQuery);
    expect(result.events.map((e) => `${e.code} ${e.classifier} ${e.location?.unlocode}`)).toEqual([
      'GTIN ACT CNSHA',
      'LOAD ACT CNSHA',
      'DISC PLN NLRTM',
      'DEPA ACT CNSHA',
      'ARRI EST NLRTM',
    ]);
    expect(result.retractedEventIds).toEqual(['957e4966-dad0-4111-9f8f-fb7216c43907']);
    await client.fetchEvents(containerQuery);
    expect(tokensIssued).toBe(1);
    expect(
      server.requests
        .filter((r) => r.path.startsWith('/tnt/v3/events?eventTypes=TRANSPORT'))
        .map((r) => new URL(r.path, 'http://x').searchParams.get('transportCallReference')),
    ).toEqual(['TC-CNSHA-246W', 'TC-NLRTM-246W', 'TC-CNSHA-246W', 'TC-NLRTM-246W']);
  });

  test('an outage is "unavailable" (the refresh backs off), a timeout too', async () => {
    mode = 'down';
    await expect(provider().fetchEvents(containerQuery)).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    mode = 'slow';
    const slow = new DcsaCarrierEventsProvider(
      settings({
        baseUrl: `${server.url}/tnt`,
        timeoutMs: 100,
        auth: { type: 'oauth2', tokenUrl: `${server.url}/oauth/token`, clientId: 'tradelane', clientSecret: 's3cret' },
      }),
    );
    const error = await slow.fetchEvents(containerQuery).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('timed out') });
  });

  test('wrong credentials are "unauthorised"', async () => {
    mode = 'ok';
    const client = new DcsaCarrierEventsProvider(
      settings({
        baseUrl: `${server.url}/tnt`,
        auth: { type: 'oauth2', tokenUrl: `${server.url}/oauth/token`, clientId: 'tradelane', clientSecret: 'wrong' },
      }),
    );
    await expect(client.fetchEvents(containerQuery)).rejects.toMatchObject({ kind: 'unauthorised', status: 401 });
  });
});

describe('DCSA client against a local DCSA 2.2 server with an API key', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.headers['x-api-key'] !== 'k1') return sendJson(res, 401, {});
      if (req.url.pathname === '/v2/events' && req.url.searchParams.get('carrierBookingReference') === 'HLCUABC123059')
        return sendJson(res, 200, fixture('v2.2-booking.json'));
      return sendJson(res, 404, { message: 'unknown booking' });
    });
  });
  afterAll(() => server.close());

  test('reads a booking, and a booking the carrier does not know is not_found', async () => {
    const client = new DcsaCarrierEventsProvider(
      settings({
        scac: 'HLCU',
        version: '2.2',
        baseUrl: server.url,
        auth: { type: 'api_key', header: 'X-API-Key', value: 'k1' },
      }),
    );
    const query: TrackingQuery = {
      referenceType: 'booking',
      reference: 'HLCUABC123059',
      carrierScac: 'HLCU',
      subscribedAt: 0,
    };
    expect((await client.fetchEvents(query)).events).toHaveLength(4);
    expect(server.requests[0].headers['api-version']).toBe('2');
    await expect(client.fetchEvents({ ...query, reference: 'HLCUNOPE' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(client.supports(query)).toBe(true);
    expect(client.supports({ ...query, carrierScac: 'MAEU' })).toBe(false);
  });
});

describe('DCSA client whose carrier names a next page on another host', () => {
  let carrier: LocalServer;
  let elsewhere: LocalServer;
  beforeAll(async () => {
    elsewhere = await startLocalServer((_req, res) => sendJson(res, 200, []));
    carrier = await startLocalServer((req, res) => {
      if (req.headers['x-api-key'] !== 'k1') return sendJson(res, 401, {});
      // localhost and 127.0.0.1 are different origins, as another host is.
      return sendJson(res, 200, fixture('v2.2-booking.json'), {
        'Next-Page': `${elsewhere.url.replace('127.0.0.1', 'localhost')}/v2/events?cursor=2`,
      });
    });
  });
  afterAll(async () => {
    await carrier.close();
    await elsewhere.close();
  });

  test('keeps the first page, never sends the API key to the other host, and says why it stopped', async () => {
    const client = new DcsaCarrierEventsProvider(
      settings({
        scac: 'HLCU',
        version: '2.2',
        baseUrl: carrier.url,
        auth: { type: 'api_key', header: 'X-API-Key', value: 'k1' },
      }),
    );
    const result = await client.fetchEvents({
      referenceType: 'booking',
      reference: 'HLCUABC123059',
      carrierScac: 'HLCU',
      subscribedAt: 0,
    });
    expect(result.events).toHaveLength(4);
    expect(elsewhere.requests).toEqual([]);
    expect(result.messages.join(' ')).toContain('another origin');
  });
});
