import crypto from 'node:crypto';
import { iso6346CheckDigit } from '../../container-number';
import { ownerPrefixes } from '../../carriers';
import type { LatLon } from '../../geo';
import { pointAlongRoute, SeaRoute, SeaRouter } from '../../sea-route/sea-router';
import { sandboxPorts, sandboxServices, SandboxService } from './sandbox-network';

const hour = 3_600_000;
const day = 24 * hour;
/** Every service's sailing 0 leaves its first port on Monday 5 January 2026, 06:00 UTC. */
const firstDeparture = Date.UTC(2026, 0, 5, 6);
const week = 7 * day;
const portStayHours = 20;
const maxDelayHours = 40;

/** Deterministic pseudo-random numbers from a seed: the sandbox never uses Math.random. */
export function seededUnit(seed: string, salt: string): number {
  const digest = crypto.createHash('sha256').update(`${seed}|${salt}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

export interface PortCall {
  locode: string;
  at: LatLon;
  arrive: number;
  depart: number;
}

/** One sailing of a vessel: where it calls and when, including the delay this sailing will suffer. */
export interface Sailing {
  service: SandboxService;
  vessel: SandboxService['vessels'][number];
  voyageNumber: string;
  calls: PortCall[];
  legs: SeaRoute[];
  /** Extra hours on the last leg (weather, congestion); revealed to the carrier once the vessel sails. */
  delayHours: number;
}

const portAt = (locode: string): LatLon => {
  const port = sandboxPorts.find((p) => p.locode === locode);
  if (!port || port.lat === null || port.lon === null) throw new Error(`sandbox port ${locode} has no position`);
  return { lat: port.lat, lon: port.lon };
};

const mod = (a: number, n: number) => ((a % n) + n) % n;

export class SandboxVoyages {
  private readonly legCache = new Map<string, SeaRoute>();
  private readonly headways = new Map<string, number>();

  constructor(private readonly router: SeaRouter) {}

  /**
   * Time between two departures of a service. Each vessel is back home before its next sailing:
   * its round trip (with the worst delay) rounded up to whole weeks, shared out among the vessels.
   */
  headway(service: SandboxService): number {
    let headway = this.headways.get(service.code);
    if (headway === undefined) {
      const ports = service.ports;
      let hours = ports.length * portStayHours + maxDelayHours;
      for (let i = 1; i < ports.length; i++)
        hours += this.leg(ports[i - 1], ports[i]).distanceNm / service.serviceSpeedKnots;
      hours += this.leg(ports[ports.length - 1], ports[0]).distanceNm / service.serviceSpeedKnots;
      headway = Math.round((Math.ceil((hours * hour) / week) * week) / service.vessels.length / hour) * hour;
      this.headways.set(service.code, headway);
    }
    return headway;
  }

  /** The n-th departure of a service from its first port (vessels take turns). */
  sailing(service: SandboxService, departureIndex: number): Sailing {
    const vessel = service.vessels[mod(departureIndex, service.vessels.length)];
    const delayHours = Math.floor(seededUnit(`${service.code}:${departureIndex}`, 'delay') * maxDelayHours);
    const calls: PortCall[] = [];
    const legs: SeaRoute[] = [];
    let time = firstDeparture + departureIndex * this.headway(service) - portStayHours * hour;
    service.ports.forEach((locode, i) => {
      if (i > 0) {
        const leg = this.leg(service.ports[i - 1], locode);
        legs.push(leg);
        const lastLeg = i === service.ports.length - 1;
        time += (leg.distanceNm / service.serviceSpeedKnots + (lastLeg ? delayHours : 0)) * hour;
      }
      // Schedules are kept in whole minutes, as carriers publish them.
      time = Math.round(time / 60_000) * 60_000;
      const arrive = time;
      time += portStayHours * hour;
      calls.push({ locode, at: portAt(locode), arrive, depart: time });
    });
    const voyageNumber = `${String(departureIndex % 1000).padStart(3, '0')}${service.code.charAt(0)}`;
    return { service, vessel, voyageNumber, calls, legs, delayHours };
  }

  /** The first sailing of a service leaving its first port at or after `time`. */
  sailingAfter(service: SandboxService, time: number): Sailing {
    return this.sailing(service, this.departureIndexAfter(service, time));
  }

  /** The index of the first departure from the service's first port at or after `time`. */
  departureIndexAfter(service: SandboxService, time: number): number {
    return Math.max(0, Math.ceil((time - firstDeparture) / this.headway(service)));
  }

  /** Where a sandbox vessel is at `time`: in port, or along the sea route of its current leg. */
  position(
    imoOrMmsi: string,
    time: number,
  ): { at: LatLon; sogKnots: number; cogDegrees: number | null; navStatus: number } | null {
    for (const service of sandboxServices) {
      const k = service.vessels.findIndex((v) => v.imo === imoOrMmsi || v.mmsi === imoOrMmsi);
      if (k < 0) continue;
      // The vessel's latest departure not after `time`; before that sailing's first call it is
      // still on its way home from the previous one.
      const n = Math.floor((time - firstDeparture) / this.headway(service));
      const index = n - mod(n - k, service.vessels.length);
      const sailing = this.sailing(service, index);
      if (time < sailing.calls[0].arrive)
        return this.returning(this.sailing(service, index - service.vessels.length), time);
      const last = sailing.calls[sailing.calls.length - 1];
      if (time > last.depart) return this.returning(sailing, time);
      for (let i = 0; i < sailing.calls.length; i++) {
        const call = sailing.calls[i];
        if (time <= call.depart && time >= call.arrive)
          return { at: call.at, sogKnots: 0, cogDegrees: null, navStatus: 5 };
        const next = sailing.calls[i + 1];
        if (next && time > call.depart && time < next.arrive) {
          const fraction = (time - call.depart) / (next.arrive - call.depart);
          const leg = sailing.legs[i];
          const point = pointAlongRoute(leg, fraction * leg.distanceNm);
          const knots = leg.distanceNm / ((next.arrive - call.depart) / hour);
          return {
            at: point.position,
            sogKnots: Math.round(knots * 10) / 10,
            cogDegrees: Math.round(point.courseDeg * 10) / 10,
            navStatus: 0,
          };
        }
      }
    }
    return null;
  }

  /** After its last call the vessel sails straight back to the first port for its next sailing. */
  private returning(sailing: Sailing, time: number) {
    const last = sailing.calls[sailing.calls.length - 1];
    const home = sailing.calls[0];
    const leg = this.leg(last.locode, home.locode);
    const hours = (time - last.depart) / hour;
    const distance = Math.min(leg.distanceNm, hours * sailing.service.serviceSpeedKnots);
    if (distance >= leg.distanceNm) return { at: home.at, sogKnots: 0, cogDegrees: null, navStatus: 5 };
    const point = pointAlongRoute(leg, distance);
    return {
      at: point.position,
      sogKnots: sailing.service.serviceSpeedKnots,
      cogDegrees: Math.round(point.courseDeg * 10) / 10,
      navStatus: 0,
    };
  }

  private leg(from: string, to: string): SeaRoute {
    const key = `${from}>${to}`;
    let leg = this.legCache.get(key);
    if (!leg) {
      const route = this.router.route(portAt(from), portAt(to));
      if (!route) throw new Error(`no sea route ${key}`);
      leg = route;
      this.legCache.set(key, leg);
    }
    return leg;
  }
}

/** Valid container numbers for a bill of lading or booking, in the carrier's own prefix. */
export function sandboxContainerNumbers(seed: string, carrierScac: string): string[] {
  const prefix = ownerPrefixes[carrierScac]?.[0] ?? 'SBXU';
  const count = 1 + Math.floor(seededUnit(seed, 'count') * 3);
  return Array.from({ length: count }, (_, i) => {
    const serial = String(Math.floor(seededUnit(seed, `serial${i}`) * 1_000_000)).padStart(6, '0');
    const first10 = `${prefix}${serial}`;
    return `${first10}${iso6346CheckDigit(first10)}`;
  });
}
