import type { PositionFix } from '../provider-types';
import type { PositionReport } from './ais-message';

/** AIS "not available" sentinels (ITU-R M.1371). */
const unavailable = { lon: 181, lat: 91, sog: 102.3, cog: 360, heading: 511 };

/**
 * Turns a position report into a fix, or null when it has no usable position. AIS carries only
 * the UTC second of the fix; the minute comes from the receive time, moved back a minute when the
 * reported second is ahead of it (the fix was taken just before the minute turned).
 */
export function toPositionFix(report: PositionReport, receivedAt: number, source: string): PositionFix | null {
  if (report.lon === unavailable.lon || report.lat === unavailable.lat) return null;
  if (Math.abs(report.lon) > 180 || Math.abs(report.lat) > 90) return null;
  let time = receivedAt;
  if (report.second < 60) {
    const minute = Math.floor(receivedAt / 60000) * 60000;
    time = minute + report.second * 1000;
    if (time > receivedAt + 5000) time -= 60000;
  }
  return {
    mmsi: report.mmsi,
    imo: null,
    lat: report.lat,
    lon: report.lon,
    sogKnots: report.sog === unavailable.sog ? null : report.sog,
    cogDegrees: report.cog === unavailable.cog ? null : report.cog,
    heading: report.heading === unavailable.heading ? null : report.heading,
    navStatus: report.navStatus,
    time,
    source,
  };
}
