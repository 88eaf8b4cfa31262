import { carrierByCode } from './carriers';
import type { EtaBasis } from './eta';
import type { TimelineEvent } from './events';
import type { ContainerSnapshot, StoredTimelineEvent } from './model';

/** A port as the API shows it: code, and name and coordinates when the port table knows them. */
export interface PortView {
  locode: string;
  name: string | null;
  lat: number | null;
  lon: number | null;
}

export type PortLookup = (locode: string) => PortView;

/** Every port a container's resource names: its route and its events' locations. */
export function locodesOf(snapshot: ContainerSnapshot, timeline: readonly StoredTimelineEvent[]): string[] {
  const codes = new Set<string>();
  for (const c of [snapshot.route.origin, snapshot.route.destination, ...snapshot.route.transshipments])
    if (c) codes.add(c);
  for (const { event } of timeline) {
    const c = event.location?.unlocode ?? event.transportCall?.location?.unlocode;
    if (c) codes.add(c);
  }
  return [...codes];
}

const at = (ms: number): string => new Date(ms).toISOString();
const iso = (ms: number | null) => (ms === null ? null : at(ms));

function basisView(basis: EtaBasis | null) {
  if (!basis) return null;
  return {
    method: basis.method,
    remaining_distance_nm: basis.remainingDistanceNm,
    speed_knots: basis.speedKnots,
    speed_samples: basis.speedSamples,
    speed_window_hours: basis.speedWindowHours,
    position_time: at(basis.positionTime),
    via: basis.via,
    passages: basis.passages,
    port_call_allowance_hours: basis.portCallAllowanceHours,
    computed_at: at(basis.computedAt),
  };
}

export function timelineEventView(stored: StoredTimelineEvent, port: PortLookup) {
  const e: TimelineEvent = stored.event;
  const locode = e.location?.unlocode ?? e.transportCall?.location?.unlocode ?? null;
  const call = e.transportCall;
  return {
    id: stored.key,
    // DCSA names: eventType, the type code (equipmentEventTypeCode / transportEventTypeCode /
    // shipmentEventTypeCode in one field) and eventClassifierCode.
    event_type: e.eventType,
    event_type_code: e.code,
    event_classifier_code: e.classifier,
    event_time: at(e.eventTime),
    event_created_at: iso(e.eventCreatedAt),
    location: locode
      ? { ...port(locode), facility_code: e.location?.facilityCode ?? null, location_name: e.location?.name ?? null }
      : e.location && e.location.lat !== null
        ? {
            locode: null,
            name: e.location.name,
            lat: e.location.lat,
            lon: e.location.lon,
            facility_code: null,
            location_name: e.location.name,
          }
        : null,
    mode_of_transport: call?.modeOfTransport ?? null,
    vessel: call?.vessel ? { name: call.vessel.name, imo: call.vessel.imo } : null,
    voyage: call?.exportVoyage ?? call?.importVoyage ?? null,
    empty_indicator: e.emptyIndicator,
    is_transshipment: e.isTransshipment,
    superseded: stored.superseded,
    source: e.source,
  };
}

/**
 * The container as the API returns it and as webhooks carry it (one mapper for both, so a webhook
 * payload is exactly what a GET returns). `now` gives the data's age; the timeline is in time order.
 */
export function containerResource(
  snapshot: ContainerSnapshot,
  timeline: readonly StoredTimelineEvent[],
  context: { livemode: boolean; port: PortLookup; now: number; staleAfterMs?: number },
) {
  const { port } = context;
  // Data nobody has managed to refresh for a while is stale even if no call failed (a stopped worker).
  const age = snapshot.carrierDataAt === null ? null : context.now - snapshot.carrierDataAt;
  const tooOld = age !== null && context.staleAfterMs !== undefined && age > context.staleAfterMs;
  const events = timeline
    .filter((e) => !e.retracted)
    .sort((a, b) => a.event.eventTime - b.event.eventTime || a.key.localeCompare(b.key))
    .map((e) => timelineEventView(e, port));
  return {
    id: snapshot.id,
    object: 'container' as const,
    livemode: context.livemode,
    subscription_id: snapshot.subscriptionId,
    container_number: snapshot.containerNumber,
    iso_equipment_code: snapshot.isoEquipmentCode,
    status: snapshot.status,
    carrier_scac: snapshot.carrierScac,
    carrier_name: carrierByCode(snapshot.carrierScac)?.name ?? null,
    vessel: snapshot.vessel,
    voyage: snapshot.voyage,
    position: snapshot.position
      ? {
          lat: snapshot.position.lat,
          lon: snapshot.position.lon,
          speed_knots: snapshot.position.sogKnots,
          course_degrees: snapshot.position.cogDegrees,
          time: at(snapshot.position.time),
          age_seconds: Math.max(0, Math.round((context.now - snapshot.position.time) / 1000)),
          source: snapshot.position.source,
        }
      : null,
    origin: snapshot.route.origin ? port(snapshot.route.origin) : null,
    destination: snapshot.route.destination ? port(snapshot.route.destination) : null,
    transshipments: snapshot.route.transshipments.map(port),
    carrier_eta: iso(snapshot.carrierEta),
    predicted_eta: iso(snapshot.predictedEta),
    predicted_eta_basis: basisView(snapshot.predictedEtaBasis),
    arrived_at: iso(snapshot.arrivedAt),
    events,
    data_refreshed_at: iso(snapshot.carrierDataAt),
    data_age_seconds: age === null ? null : Math.max(0, Math.round(age / 1000)),
    stale: snapshot.stale || tooOld,
    stale_reason: snapshot.staleReason ?? (tooOld ? `not refreshed for ${Math.round(age / 60_000)} minutes` : null),
    created_at: at(snapshot.createdAt),
    updated_at: at(snapshot.updatedAt),
  };
}
