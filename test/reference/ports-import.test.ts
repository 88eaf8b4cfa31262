import fs from 'node:fs';
import path from 'node:path';
import { PortRepository } from '../../src/db/repositories/port.repository';
import { importPorts } from '../../src/reference/ports/import-ports';
import { mergePorts } from '../../src/reference/ports/port-merge';
import {
  parseSeaPortsJson,
  parseUnlocodeCodeList,
  parseUnlocodeCoordinates,
  parseWorldPortIndex,
} from '../../src/reference/ports/port-sources';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';
import { repoDataDir } from '../support/reference-data';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/reference/ports', name), 'utf8');

describe('port source formats', () => {
  test('UN/LOCODE coordinates are degrees and minutes', () => {
    expect(parseUnlocodeCoordinates('3114N 12129E')).toEqual({ lat: 31.2333, lon: 121.4833 });
    expect(parseUnlocodeCoordinates('2357S 04620W')).toEqual({ lat: -23.95, lon: -46.3333 });
    expect(parseUnlocodeCoordinates('')).toBeNull();
  });

  test('UN/LOCODE code list, both layouts: seaports only, removed entries left out', () => {
    expect(parseUnlocodeCodeList(fixture('code-list-datasets.csv')).map((p) => p.locode)).toEqual([
      'CNSHA',
      'NLRTM',
      'BRSSZ',
    ]);
    const unece = parseUnlocodeCodeList(fixture('code-list-unece.csv'));
    expect(unece.map((p) => [p.locode, p.name])).toEqual([
      ['CNSHA', 'Shanghai'],
      ['USNYC', 'New York, NY'],
    ]);
  });

  test('WPI codes lose their space; sea-ports gives [lon, lat] and aliases', () => {
    const wpi = parseWorldPortIndex(
      'World Port Index Number,Main Port Name,UN/LOCODE,Latitude,Longitude,Harbor Size\n57035,Shanghai,CN SGH,31.233333,121.5,Large\n1,Nowhere,,1,1,Small\n',
    );
    expect(wpi).toEqual([
      {
        locode: 'CNSGH',
        name: 'Shanghai',
        lat: 31.233333,
        lon: 121.5,
        aliases: [],
        wpiNumber: 57035,
        harborSize: 'Large',
      },
    ]);
    const seaPorts = parseSeaPortsJson(
      JSON.stringify({
        CNSHA: {
          name: 'Shanghai',
          coordinates: [121.47, 31.23],
          timezone: 'Asia/Shanghai',
          unlocs: ['CNSHA', 'CNSGH'],
        },
      }),
    );
    expect(seaPorts[0]).toMatchObject({ locode: 'CNSHA', lat: 31.23, lon: 121.47, aliases: ['CNSGH'] });
    const merged = mergePorts({ unlocode: [], wpi, seaPorts }, new Map([['CN', 'China']]));
    expect(merged.ports).toEqual([
      expect.objectContaining({
        locode: 'CNSHA',
        lat: 31.233333,
        coordinatesSource: 'wpi',
        countryName: 'China',
        wpiNumber: 57035,
        timezone: 'Asia/Shanghai',
        qualityNote: null,
      }),
    ]);
    expect([...merged.aliases]).toEqual([['CNSGH', 'CNSHA']]);
  });
});

describe(`port import from the repository's data on ${testDialect}`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  test('merges WPI and sea-ports: carrier codes, harbour positions, noted disagreements', async () => {
    const repo = new PortRepository(db.knex);
    const result = await importPorts(repoDataDir, repo, Date.parse('2026-11-22T00:00:00Z'));
    expect(result.ports).toBeGreaterThan(3500);
    expect(result.aliases).toBeGreaterThanOrEqual(8);
    expect(await repo.count()).toBe(result.ports);
    const found = await repo.findMany(['CNSHA', 'CNSGH', 'SGSIN', 'NLRTM', 'CNYTN', 'USLAX']);
    // Shanghai: the carriers' code, reachable by WPI's code too.
    expect(found.get('CNSGH')?.locode).toBe('CNSHA');
    expect(found.get('SGSIN')).toMatchObject({ name: 'Singapore' });
    // Yantian: sea-ports puts it in Fujian (26.85N); WPI's harbour position wins.
    expect(found.get('CNYTN')?.lat).toBeCloseTo(22.58, 1);
    const yantian = await db.knex('ports').where({ locode: 'CNYTN' }).first();
    expect(yantian.coordinates_source).toBe('wpi');
    expect(yantian.quality_note).toMatch(/sea_ports position is \d+ nm away/);
    expect(found.get('USLAX')).toMatchObject({ name: expect.stringMatching(/Los Angeles/) });
  });
});
