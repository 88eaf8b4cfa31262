import type { AisPositionSource, PositionFix, VesselIdentity } from '../provider-types';

export interface StoredPositions {
  findVessel(identity: VesselIdentity): Promise<{ mmsi: string } | null>;
  recentPositions(mmsi: string, since: number): Promise<PositionFix[]>;
}

/**
 * Positions a feed has already written to our database (the NMEA TCP feed or a file import). The
 * carrier names the ship by IMO; the vessel register built from AIS static reports gives its MMSI.
 */
export class StoredAisPositionSource implements AisPositionSource {
  readonly name = 'ais:stored';

  constructor(private readonly positions: StoredPositions) {}

  async recentPositions(vessel: VesselIdentity, since: number): Promise<PositionFix[]> {
    const mmsi = vessel.mmsi ?? (await this.positions.findVessel(vessel))?.mmsi ?? null;
    if (!mmsi) return [];
    return (await this.positions.recentPositions(mmsi, since)).map((f) => ({ ...f, imo: vessel.imo }));
  }
}
