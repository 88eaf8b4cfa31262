import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { VesselPositionRepository } from '../../src/db/repositories/vessel-position.repository';
import { importNmeaFile, NmeaTcpFeed } from '../../src/domain/tracking/providers/ais/ais-ingest';
import { AisHubPositionSource, parseAisHubResponse } from '../../src/domain/tracking/providers/ais/aishub-source';
import { StoredAisPositionSource } from '../../src/domain/tracking/providers/ais/stored-position-source';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { LocalServer, sendJson, startLocalServer } from '../support/local-http-server';
import { referenceFile } from '../support/reference-data';

const receivedAt = Date.parse('2026-11-22T10:00:30Z');
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

const sample = referenceFile('tracking/ais/pyais_nmea_data_sample.txt');
const pair = [
  '!AIVDM,2,1,1,A,55?MbV02;H;s<HtKR20EHE:0@T4@Dn2222222216L961O5Gf0NSQEp6ClRp8,0*1C',
  '!AIVDM,2,2,1,A,88888888880,2*25',
];
const type1 = '!AIVDM,1,1,,B,15M67FC000G?ufbE`FepT@3n00Sa,0*5C';
const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }))[0].n);

describe(`AIS ingestion on ${testDialect}`, () => {
  test('a file import stores decoded positions (one per vessel and fix time)', async () => {
    const result = await importNmeaFile(sample, new VesselPositionRepository(db.knex), { receivedAt });
    expect(result.messages).toBeGreaterThan(760);
    expect(result.droppedFragments).toBe(20);
    expect(result.written.fixes).toBeGreaterThan(700);
    const stored = await count('vessel_positions');
    // Fixes of one vessel in the same second of this one-minute file are the same fix.
    expect(stored).toBeGreaterThan(300);
    expect(stored).toBeLessThanOrEqual(result.written.fixes);
  });

  test('static reports build the register that joins a carrier IMO to the AIS MMSI', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nmea-')), 'feed.nmea');
    fs.writeFileSync(file, [...pair, '!AIVDM,1,1,,A,15MrVH0000KH<:V:NtBLoqFP2H9:,0*2F'].join('\n'));
    await importNmeaFile(file, new VesselPositionRepository(db.knex), { receivedAt });
    const repo = new VesselPositionRepository(db.knex);
    expect(await repo.findVessel({ imo: '9134270', mmsi: null, name: null })).toMatchObject({
      mmsi: '351759000',
      name: 'EVER DIADEM',
      destination: 'NEW YORK',
      reportedEta: '05-15 14:00',
      draught: 12.2,
    });
    // A position for that MMSI is found by IMO through the register.
    await repo.saveFixes(
      [
        {
          mmsi: '351759000',
          imo: null,
          lat: 40.4,
          lon: -73.9,
          sogKnots: 12.1,
          cogDegrees: 300,
          heading: 299,
          navStatus: 0,
          time: receivedAt,
          source: 'ais:nmea',
        },
      ],
      receivedAt,
    );
    const fixes = await new StoredAisPositionSource(repo).recentPositions(
      { imo: '9134270', mmsi: null, name: 'EVER DIADEM' },
      receivedAt - 3_600_000,
    );
    expect(fixes).toEqual([expect.objectContaining({ mmsi: '351759000', imo: '9134270', lat: 40.4 })]);
  });

  test('a TCP feed is read across split chunks and reconnects after the server drops it', async () => {
    let connection = 0;
    const server = net.createServer((socket) => {
      connection += 1;
      if (connection === 1) {
        // Lines split mid-sentence across writes, then the connection drops.
        const text = `${type1}\r\n${pair[0]}\r\n`;
        socket.write(text.slice(0, 17));
        setTimeout(() => {
          socket.write(text.slice(17));
          socket.destroy();
        }, 20);
      } else {
        socket.write(`${pair[1]}\n!AIVDM,1,1,,A,133sVfPP00PD>hRMDH@jNOvN20S8,0*7F\n`);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const repo = new VesselPositionRepository(db.knex);
    const feed = new NmeaTcpFeed(repo, {
      host: '127.0.0.1',
      port,
      reconnectMs: 20,
      flushIntervalMs: 50,
      clock: () => receivedAt + 60_000,
      source: 'ais:tcp-test',
    });
    feed.start();
    for (let i = 0; i < 100 && (feed.stats.connections < 2 || feed.stats.messages < 2); i++)
      await new Promise((r) => setTimeout(r, 20));
    await feed.stop();
    server.close();
    expect(feed.stats.connections).toBeGreaterThanOrEqual(2);
    // The type-5 halves arrived on different connections; the assembler still holds sequence 1 on
    // channel A, so they join (same talker, sequence id and channel).
    expect(feed.stats.messages).toBe(3);
    expect((await db.knex('vessel_positions').where({ source: 'ais:tcp-test' })).map((r) => r.mmsi).sort()).toEqual([
      '205448890',
      '366053209',
    ]);
  });
});

describe('AISHub web service (local fake)', () => {
  let server: LocalServer;
  let failing = false;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (failing) return sendJson(res, 200, [{ ERROR: true, ERROR_MESSAGE: 'Too frequent requests!' }]);
      const imos = (req.url.searchParams.get('imo') ?? '').split(',').filter(Boolean);
      const rows = imos.map((imo, i) => ({
        MMSI: 477000100 + i,
        TIME: '2026-11-22 09:58:00 GMT',
        LONGITUDE: 113.9 + i,
        LATITUDE: 21.5,
        COG: 215.4,
        SOG: 17.8,
        HEADING: 214,
        NAVSTAT: 0,
        IMO: Number(imo),
        NAME: `SHIP ${i}`,
      }));
      sendJson(res, 200, [{ ERROR: false, USERNAME: 'tl', FORMAT: 'HUMAN', RECORDS: rows.length }, rows]);
    });
  });
  afterAll(() => server.close());

  test('maps human-readable rows and sentinels', () => {
    const parsed = parseAisHubResponse(
      [
        { ERROR: false },
        [
          { MMSI: 1, TIME: '2026-11-22 09:58:00 GMT', LONGITUDE: 181, LATITUDE: 91 },
          {
            MMSI: 2,
            TIME: '2026-11-22 09:58:00 GMT',
            LONGITUDE: 4.1,
            LATITUDE: 51.9,
            SOG: 102.3,
            COG: 360,
            HEADING: 511,
            NAVSTAT: 5,
            IMO: 0,
          },
        ],
      ],
      'ais:aishub',
    );
    expect(parsed.fixes).toEqual([
      {
        mmsi: '2',
        imo: null,
        lat: 51.9,
        lon: 4.1,
        sogKnots: null,
        cogDegrees: null,
        heading: null,
        navStatus: 5,
        time: Date.parse('2026-11-22T09:58:00Z'),
        source: 'ais:aishub',
      },
    ]);
  });

  test('coalesces vessels into one call a minute and reports AISHub errors as unavailable', async () => {
    let now = receivedAt;
    const source = new AisHubPositionSource(
      { url: `${server.url}/ws.php`, username: 'tl', timeoutMs: 1000, minIntervalMs: 60_000, maxAgeMinutes: 360 },
      () => now,
    );
    const first = await source.recentPositions({ imo: '9321483', mmsi: null, name: null }, now - 86_400_000);
    expect(first).toEqual([expect.objectContaining({ imo: '9321483', sogKnots: 17.8, lat: 21.5 })]);
    // Within the minute: answered from the last response (the new vessel waits for the next call).
    expect(await source.recentPositions({ imo: '9811000', mmsi: null, name: null }, 0)).toEqual([]);
    expect(server.requests).toHaveLength(1);
    now += 61_000;
    expect(await source.recentPositions({ imo: '9811000', mmsi: null, name: null }, 0)).toHaveLength(1);
    expect(new URL(server.requests[1].path, 'http://x').searchParams.get('imo')).toBe('9321483,9811000');
    failing = true;
    now += 61_000;
    await expect(source.recentPositions({ imo: '9811000', mmsi: null, name: null }, 0)).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
