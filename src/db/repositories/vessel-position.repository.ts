import type { Knex } from 'knex';
import { toNumber, toNumberOrNull } from '../row-values';
import type { PositionFix, PositionHistoryStore, VesselIdentity, VesselStatic } from '../../domain/tracking';

/** Rows per INSERT: SQLite allows 999 bound variables (10 per fix here). */
const chunk = 90;

/**
 * AIS positions and the vessel register. Ingesters (NMEA TCP feed, file import) write here; the
 * refresh reads positions by IMO (joined to the MMSI through the register) or by MMSI.
 */
export class VesselPositionRepository implements PositionHistoryStore {
  constructor(private readonly knex: Knex) {}

  /** Stores fixes; a fix already stored (same vessel, time and source) is ignored. */
  async saveFixes(fixes: readonly PositionFix[], receivedAt: number): Promise<void> {
    const rows = fixes.map((f) => ({
      mmsi: f.mmsi,
      lat: f.lat,
      lon: f.lon,
      sog: f.sogKnots,
      cog: f.cogDegrees,
      heading: f.heading,
      nav_status: f.navStatus,
      position_time: f.time,
      source: f.source,
      received_at: receivedAt,
    }));
    for (let i = 0; i < rows.length; i += chunk) {
      await this.knex('vessel_positions')
        .insert(rows.slice(i, i + chunk))
        .onConflict(['mmsi', 'position_time', 'source'])
        .ignore();
    }
    for (const fix of fixes) {
      if (fix.imo)
        await this.upsertVessels([
          {
            mmsi: fix.mmsi,
            imo: fix.imo,
            name: null,
            callSign: null,
            shipType: null,
            destination: null,
            reportedEta: null,
            draught: null,
            source: fix.source,
            updatedAt: receivedAt,
          },
        ]);
    }
  }

  /** Merges static data; fields a report does not carry (null) keep their stored value. */
  async upsertVessels(vessels: readonly VesselStatic[]): Promise<void> {
    for (const v of vessels) {
      const fields = {
        imo: v.imo,
        name: v.name,
        call_sign: v.callSign,
        ship_type: v.shipType,
        destination: v.destination,
        reported_eta: v.reportedEta,
        draught: v.draught,
      };
      const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
      await this.knex('vessels')
        .insert({ mmsi: v.mmsi, ...fields, source: v.source, updated_at: v.updatedAt })
        .onConflict('mmsi')
        .merge({ ...present, source: v.source, updated_at: v.updatedAt });
    }
  }

  async findVessel(identity: VesselIdentity): Promise<VesselStatic | null> {
    const query = this.knex('vessels');
    if (identity.mmsi) query.where({ mmsi: identity.mmsi });
    else if (identity.imo) query.where({ imo: identity.imo }).orderBy('updated_at', 'desc');
    else return null;
    const row = await query.first();
    if (!row) return null;
    return {
      mmsi: row.mmsi,
      imo: row.imo ?? null,
      name: row.name ?? null,
      callSign: row.call_sign ?? null,
      shipType: toNumberOrNull(row.ship_type),
      destination: row.destination ?? null,
      reportedEta: row.reported_eta ?? null,
      draught: toNumberOrNull(row.draught),
      source: row.source,
      updatedAt: toNumber(row.updated_at),
    };
  }

  async recentPositions(mmsi: string, since: number): Promise<PositionFix[]> {
    const rows = await this.knex('vessel_positions')
      .where({ mmsi })
      .andWhere('position_time', '>=', since)
      .orderBy('position_time');
    return rows.map((r) => ({
      mmsi: r.mmsi,
      imo: null,
      lat: toNumber(r.lat),
      lon: toNumber(r.lon),
      sogKnots: toNumberOrNull(r.sog),
      cogDegrees: toNumberOrNull(r.cog),
      heading: toNumberOrNull(r.heading),
      navStatus: toNumberOrNull(r.nav_status),
      time: toNumber(r.position_time),
      source: r.source,
    }));
  }

  /** Positions older than this are no use for an ETA; keeps the table small. */
  async pruneBefore(time: number): Promise<number> {
    return this.knex('vessel_positions').where('position_time', '<', time).delete();
  }
}
