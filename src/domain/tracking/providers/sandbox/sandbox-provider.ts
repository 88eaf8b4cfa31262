import crypto from 'node:crypto';
import type { EventClassifier, EmptyIndicator, TimelineEvent } from '../../events';
import {
  AisPositionSource,
  CarrierEventsProvider,
  CarrierEventsResult,
  PositionFix,
  ProviderError,
  TrackingQuery,
  VesselIdentity,
} from '../provider-types';
import { sandboxServices, SandboxService } from './sandbox-network';
import { planSample, SamplePlan, sandboxSample } from './sandbox-samples';
import { PortCall, Sailing, SandboxVoyages, sandboxContainerNumbers, seededUnit } from './sandbox-voyage';

const hour = 3_600_000;
const day = 24 * hour;

/**
 * Test mode's carrier: realistic voyages between real ports, derived from the reference (the seed)
 * and the clock only. The same reference at the same time always gives the same answer; as the
 * clock moves, plans become estimates and estimates become actuals, and the last leg's delay is
 * revealed once the vessel sails for the destination.
 */
export class SandboxCarrierProvider implements CarrierEventsProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly voyages: SandboxVoyages,
    private readonly clock: () => number,
  ) {}

  supports(): boolean {
    return true;
  }

  async fetchEvents(query: TrackingQuery): Promise<CarrierEventsResult> {
    const now = this.clock();
    const seed = `${query.referenceType}:${query.reference}`;
    const services = sandboxServices.filter((s) => s.carrierScac === query.carrierScac);
    const pool = services.length > 0 ? services : sandboxServices;
    const sample = query.referenceType === 'container' ? sandboxSample(query.reference) : undefined;
    if (sample?.outcome === 'not_found')
      throw new ProviderError(this.name, 'not_found', `the carrier knows no container ${query.reference}`);
    const { sailing, from, to, moves } = sample
      ? planSample(
          sample,
          this.voyages,
          [...pool, ...sandboxServices.filter((s) => !pool.includes(s))],
          query.subscribedAt,
        )
      : this.seededPlan(seed, pool, query.subscribedAt);
    const containers =
      query.referenceType === 'container' ? [query.reference] : sandboxContainerNumbers(seed, query.carrierScac);
    const events = [
      ...containers.flatMap((number) => this.equipmentEvents(seed, number, sailing, from, to, now, moves)),
      ...this.vesselEvents(seed, sailing, from, to, now),
    ];
    return { events, retractedEventIds: [] };
  }

  /** Any other reference: a voyage picked by its seed, so different references sit at different phases. */
  private seededPlan(seed: string, pool: readonly SandboxService[], subscribedAt: number): SamplePlan {
    const service = pool[Math.floor(seededUnit(seed, 'service') * pool.length)];
    // Some references sailed weeks ago, some sail soon: spread across every phase of a voyage.
    const offsetDays = Math.floor(seededUnit(seed, 'offset') * 45) - 5;
    const sailing = this.voyages.sailingAfter(service, subscribedAt - offsetDays * day);
    const from = Math.floor(seededUnit(seed, 'pol') * (sailing.calls.length - 1));
    const to = from + 1 + Math.floor(seededUnit(seed, 'pod') * (sailing.calls.length - 1 - from));
    return { sailing, from, to, moves: {} };
  }

  private equipmentEvents(
    seed: string,
    container: string,
    sailing: Sailing,
    from: number,
    to: number,
    now: number,
    at: SamplePlan['moves'],
  ): TimelineEvent[] {
    const pol = sailing.calls[from];
    const pod = sailing.calls[to];
    const jitter = (salt: string) => Math.floor(seededUnit(`${seed}:${container}`, salt) * 6) * hour;
    const moves: Array<[string, PortCall, number, EmptyIndicator, boolean]> = [
      ['GTOT', pol, at.emptyOut ?? pol.depart - 4 * day + jitter('gtot'), 'EMPTY', false],
      ['GTIN', pol, at.gateIn ?? pol.depart - 2 * day + jitter('gtin'), 'LADEN', false],
      ['LOAD', pol, pol.depart - 6 * hour, 'LADEN', true],
      ['DISC', pod, pod.arrive + 8 * hour, 'LADEN', true],
      ['AVPU', pod, at.available ?? pod.arrive + day, 'LADEN', false],
      ['GTOT', pod, at.gateOut ?? pod.arrive + 3 * day + jitter('out'), 'LADEN', false],
      ['GTIN', pod, at.emptyIn ?? pod.arrive + 7 * day + jitter('back'), 'EMPTY', false],
    ];
    return moves.map(([code, call, time, empty, onVessel]) => {
      const revealed = this.revealed(sailing, to, now);
      // Before the delay is known, later moves at the destination are planned without it.
      const planned = call === pod && !revealed ? time - sailing.delayHours * hour : time;
      return this.event(seed, {
        eventType: 'EQUIPMENT',
        code,
        call,
        sailing,
        now,
        actualTime: time,
        plannedTime: planned,
        equipmentReference: container,
        emptyIndicator: empty,
        onVessel,
        publishedAt: this.publishedAt(sailing, call === pod, to, now),
      });
    });
  }

  private vesselEvents(seed: string, sailing: Sailing, from: number, to: number, now: number): TimelineEvent[] {
    const events: TimelineEvent[] = [];
    for (let i = from; i <= to; i++) {
      const call = sailing.calls[i];
      const atPod = i === to;
      const revealed = this.revealed(sailing, to, now);
      const delay = atPod && !revealed ? sailing.delayHours * hour : 0;
      if (i > from) {
        events.push(
          this.event(seed, {
            eventType: 'TRANSPORT',
            code: 'ARRI',
            call,
            sailing,
            now,
            actualTime: call.arrive,
            plannedTime: call.arrive - delay,
            equipmentReference: null,
            emptyIndicator: null,
            onVessel: true,
            publishedAt: this.publishedAt(sailing, atPod, to, now),
          }),
        );
      }
      if (i < to) {
        events.push(
          this.event(seed, {
            eventType: 'TRANSPORT',
            code: 'DEPA',
            call,
            sailing,
            now,
            actualTime: call.depart,
            plannedTime: call.depart,
            equipmentReference: null,
            emptyIndicator: null,
            onVessel: true,
            publishedAt: sailing.calls[0].depart - 14 * day,
          }),
        );
      }
    }
    return events;
  }

  /** The destination leg's delay is known once the vessel has left the port before the destination. */
  private revealed(sailing: Sailing, to: number, now: number): boolean {
    return sailing.delayHours === 0 || to !== sailing.calls.length - 1 || now >= sailing.calls[to - 1].depart;
  }

  private publishedAt(sailing: Sailing, revisable: boolean, to: number, now: number): number {
    const schedule = sailing.calls[0].depart - 14 * day;
    return revisable && this.revealed(sailing, to, now) && to === sailing.calls.length - 1 && sailing.delayHours > 0
      ? sailing.calls[to - 1].depart
      : schedule;
  }

  private event(
    seed: string,
    e: {
      eventType: 'EQUIPMENT' | 'TRANSPORT';
      code: string;
      call: PortCall;
      sailing: Sailing;
      now: number;
      actualTime: number;
      plannedTime: number;
      equipmentReference: string | null;
      emptyIndicator: EmptyIndicator | null;
      onVessel: boolean;
      publishedAt: number;
    },
  ): TimelineEvent {
    const happened = e.actualTime <= e.now;
    const classifier: EventClassifier = happened ? 'ACT' : e.onVessel || e.code === 'ARRI' ? 'EST' : 'PLN';
    const id = crypto
      .createHash('sha256')
      .update(`${seed}|${e.equipmentReference}|${e.code}|${e.call.locode}|${classifier}|${e.emptyIndicator}`)
      .digest('hex');
    const reference = `${e.sailing.voyageNumber}-${e.call.locode}`;
    return {
      providerEventId: `sbx-${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20, 32)}`,
      eventType: e.eventType,
      code: e.code,
      classifier,
      eventTime: happened ? e.actualTime : e.plannedTime,
      eventCreatedAt: happened ? e.actualTime + 10 * 60_000 : e.publishedAt,
      equipmentReference: e.equipmentReference,
      isoEquipmentCode: e.equipmentReference ? '45G1' : null,
      emptyIndicator: e.emptyIndicator,
      isTransshipment: false,
      location: {
        unlocode: e.call.locode,
        name: null,
        facilityCode: null,
        facilityCodeListProvider: null,
        lat: null,
        lon: null,
      },
      transportCall: e.onVessel
        ? {
            reference,
            sequenceNumber: e.sailing.calls.indexOf(e.call) + 1,
            modeOfTransport: 'VESSEL',
            vessel: { imo: e.sailing.vessel.imo, name: e.sailing.vessel.name, mmsi: e.sailing.vessel.mmsi },
            exportVoyage: e.sailing.voyageNumber,
            importVoyage: e.sailing.voyageNumber,
            serviceCode: e.sailing.service.code,
            location: null,
          }
        : null,
      source: this.name,
    };
  }
}

/** Test mode's AIS: a fix every 30 minutes along the sandbox vessel's computed track. */
export class SandboxAisSource implements AisPositionSource {
  readonly name = 'sandbox';

  constructor(
    private readonly voyages: SandboxVoyages,
    private readonly clock: () => number,
  ) {}

  async recentPositions(vessel: VesselIdentity, since: number): Promise<PositionFix[]> {
    const id = vessel.imo ?? vessel.mmsi;
    const known = sandboxServices.flatMap((s) => s.vessels).find((v) => v.imo === id || v.mmsi === id);
    if (!known) return [];
    const now = this.clock();
    const fixes: PositionFix[] = [];
    const step = 30 * 60_000;
    for (let t = now - Math.floor((now - since) / step) * step; t <= now; t += step) {
      const p = this.voyages.position(known.imo, t);
      if (!p) continue;
      fixes.push({
        mmsi: known.mmsi,
        imo: known.imo,
        lat: p.at.lat,
        lon: p.at.lon,
        sogKnots: p.sogKnots,
        cogDegrees: p.cogDegrees,
        heading: p.cogDegrees === null ? null : Math.round(p.cogDegrees),
        navStatus: p.navStatus,
        time: t,
        source: this.name,
      });
    }
    return fixes;
  }
}
