import type { TrackingConfig } from '../config/tracking-config';
import type { VesselPositionRepository } from '../db/repositories/vessel-position.repository';
import { NmeaTcpFeed } from '../domain/tracking';

/**
 * Starts the NMEA AIVDM TCP feed when TRACKING_AIS_NMEA_TCP is set (run it in one worker only:
 * every worker would otherwise store the same positions). Returns null when none is configured.
 */
export function startAisFeed(
  config: TrackingConfig,
  positions: VesselPositionRepository,
  onError: (error: Error) => void,
): NmeaTcpFeed | null {
  if (!config.ais.nmeaTcp) return null;
  const feed = new NmeaTcpFeed(positions, { ...config.ais.nmeaTcp, source: 'ais:nmea', onError });
  feed.start();
  return feed;
}
