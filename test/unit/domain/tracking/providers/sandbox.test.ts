import { checkContainerNumber } from '../../../../../src/domain/tracking/container-number';
import { greatCircleNm } from '../../../../../src/domain/tracking/geo';
import {
  imoCheckDigit,
  sandboxPorts,
  sandboxServices,
} from '../../../../../src/domain/tracking/providers/sandbox/sandbox-network';
import {
  SandboxAisSource,
  SandboxCarrierProvider,
} from '../../../../../src/domain/tracking/providers/sandbox/sandbox-provider';
import { sandboxSamples } from '../../../../../src/domain/tracking/providers/sandbox/sandbox-samples';
import {
  SandboxVoyages,
  sandboxContainerNumbers,
} from '../../../../../src/domain/tracking/providers/sandbox/sandbox-voyage';
import { SeaRouter } from '../../../../../src/domain/tracking/sea-route/sea-router';
import { carrierEta, currentVessel, deriveRoute, deriveStatus } from '../../../../../src/domain/tracking/timeline';

const router = new SeaRouter();
const start = Date.parse('2026-11-22T10:00:00Z');
const day = 86_400_000;

function sandbox(now: () => number) {
  const voyages = new SandboxVoyages(router);
  return { carrier: new SandboxCarrierProvider(voyages, now), ais: new SandboxAisSource(voyages, now) };
}
const query = (
  reference: string,
  carrierScac = 'MAEU',
  referenceType: 'container' | 'bill_of_lading' = 'container',
) => ({ referenceType, reference, carrierScac, subscribedAt: start });

describe('the sandbox world', () => {
  test('vessels have valid IMO check digits and every service port has a position', () => {
    for (const v of sandboxServices.flatMap((s) => s.vessels))
      expect(Number(v.imo[6])).toBe(imoCheckDigit(v.imo.slice(0, 6)));
    const known = new Set(sandboxPorts.map((p) => p.locode));
    for (const s of sandboxServices) for (const p of s.ports) expect(known.has(p)).toBe(true);
  });

  test('a vessel never runs two sailings at once: its next sailing starts after it is home', () => {
    const voyages = new SandboxVoyages(router);
    for (const service of sandboxServices) {
      const v = service.vessels.length;
      for (let i = 40; i < 40 + v; i++) {
        const sailing = voyages.sailing(service, i);
        const next = voyages.sailing(service, i + v);
        const last = sailing.calls[sailing.calls.length - 1];
        const home = router.route(last.at, sailing.calls[0].at)!.distanceNm / service.serviceSpeedKnots;
        expect(next.calls[0].arrive).toBeGreaterThanOrEqual(last.depart + home * 3_600_000);
        expect(next.vessel).toEqual(sailing.vessel);
      }
    }
  });

  test('bills of lading get valid container numbers in the carrier’s prefix', () => {
    const numbers = sandboxContainerNumbers('bill_of_lading:MAEU123', 'MAEU');
    expect(numbers.length).toBeGreaterThanOrEqual(1);
    for (const n of numbers) expect(checkContainerNumber(n)).toMatchObject({ valid: true, ownerCode: 'MAE' });
  });
});

describe('the sandbox carrier', () => {
  test('is deterministic: the same reference at the same time gives the same events', async () => {
    const a = await sandbox(() => start).carrier.fetchEvents(query('MSKU1234565'));
    const b = await sandbox(() => start).carrier.fetchEvents(query('MSKU1234565'));
    expect(a).toEqual(b);
    const other = await sandbox(() => start).carrier.fetchEvents(query('MRKU0090522'));
    expect(other).not.toEqual(a);
  });

  test('plans become actuals as the clock moves, ending with the empty return', async () => {
    let now = start;
    const { carrier } = sandbox(() => now);
    const seen = new Set<string>();
    for (let d = 0; d <= 90; d += 3) {
      now = start + d * day;
      const { events } = await carrier.fetchEvents(query('MSKU1234565'));
      const route = deriveRoute(events);
      seen.add(deriveStatus(events, route));
      // Events never claim to have happened after now.
      expect(events.filter((e) => e.classifier === 'ACT').every((e) => e.eventTime <= now)).toBe(true);
    }
    expect(seen.has('empty_returned')).toBe(true);
    expect(seen.has('in_transit') || seen.has('loaded')).toBe(true);
  });

  test('a bill of lading covers several containers sharing one set of vessel events', async () => {
    const { events } = await sandbox(() => start).carrier.fetchEvents(query('MAEU240011223', 'MAEU', 'bill_of_lading'));
    const containers = new Set(events.map((e) => e.equipmentReference).filter(Boolean));
    expect(containers.size).toBeGreaterThanOrEqual(1);
    expect(events.filter((e) => e.eventType === 'TRANSPORT').every((e) => e.equipmentReference === null)).toBe(true);
  });
});

describe('sandbox positions agree with the sandbox timeline', () => {
  test('while in transit, the vessel is at sea, on course, near its service speed, and arrives when the carrier says', async () => {
    // Find a reference that is at sea at `start`.
    const { carrier, ais } = sandbox(() => start);
    for (const reference of [
      'MSKU1234565',
      'MRKU0090522',
      'MAEU1234567',
      'MWCU6059784',
      'MSKU7777772',
      'MCRU1000016',
      'MNBU3000006',
    ]) {
      const { events } = await carrier.fetchEvents(query(reference));
      const route = deriveRoute(events);
      if (deriveStatus(events, route) !== 'in_transit') continue;
      const vessel = currentVessel(events)!.vessel;
      const fixes = await ais.recentPositions(vessel, start - day);
      expect(fixes).toHaveLength(49);
      const latest = fixes[fixes.length - 1];
      expect(latest.navStatus).toBe(0);
      expect(latest.sogKnots).toBeGreaterThan(10);
      // Consecutive fixes 30 minutes apart are about 30 minutes of sailing apart.
      const moved = greatCircleNm(fixes[fixes.length - 2], latest);
      expect(moved).toBeGreaterThan(latest.sogKnots! * 0.5 * 0.8);
      expect(moved).toBeLessThan(latest.sogKnots! * 0.5 * 1.2);
      const eta = carrierEta(events, route)!;
      const pod = sandboxPorts.find((p) => p.locode === route.destination)!;
      const remaining = router.route(latest, { lat: pod.lat!, lon: pod.lon! })!.distanceNm;
      // Sailing the remaining sea route at the current speed lands within a day of the carrier ETA (port calls on the way aside).
      const hours = remaining / latest.sogKnots!;
      expect(Math.abs(start + hours * 3_600_000 - eta)).toBeLessThan(3 * day);
      return;
    }
    throw new Error('none of the references is at sea at the start time');
  });
});

describe('test mode sample containers', () => {
  const hour = 3_600_000;

  test('are valid ISO 6346 numbers of a carrier the sandbox serves', () => {
    for (const sample of sandboxSamples)
      expect(checkContainerNumber(sample.containerNumber)).toMatchObject({
        valid: true,
        number: sample.containerNumber,
      });
  });

  test('each is at its own status when subscribed, whenever that is (every 7 hours over two years)', async () => {
    let now = 0;
    const { carrier } = sandbox(() => now);
    const wrong: string[] = [];
    for (
      let subscribedAt = Date.parse('2026-06-01T00:00:00Z');
      subscribedAt < Date.parse('2028-06-01T00:00:00Z');
      subscribedAt += 7 * hour
    ) {
      // The refresh job reads a new subscription within minutes.
      now = subscribedAt + 5 * 60_000;
      for (const sample of sandboxSamples.filter((s) => s.outcome !== 'not_found')) {
        const { events } = await carrier.fetchEvents({
          referenceType: 'container',
          reference: sample.containerNumber,
          carrierScac: 'MAEU',
          subscribedAt,
        });
        const status = deriveStatus(events, deriveRoute(events));
        if (status !== sample.outcome)
          wrong.push(
            `${sample.containerNumber} subscribed at ${new Date(subscribedAt).toISOString()} is ${status}, not ${sample.outcome}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  });

  test('in transit: the vessel is at sea with an AIS position, and the carrier gives an ETA', async () => {
    const now = () => start + 5 * 60_000;
    const { carrier, ais } = sandbox(now);
    const { events } = await carrier.fetchEvents(query('MSKU0001039'));
    const route = deriveRoute(events);
    const vessel = currentVessel(events)!.vessel;
    const fixes = await ais.recentPositions(
      { imo: vessel.imo ?? null, mmsi: vessel.mmsi ?? null, name: vessel.name ?? null },
      now() - 2 * hour,
    );
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes[fixes.length - 1].sogKnots).toBeGreaterThan(5);
    expect(carrierEta(events, route)).toBeGreaterThan(now());
  });

  test('the not-found sample is not known to the carrier (a query error, not a provider failure)', async () => {
    const { carrier } = sandbox(() => start);
    await expect(carrier.fetchEvents(query('MSKU0001086'))).rejects.toMatchObject({ kind: 'not_found' });
  });
});
