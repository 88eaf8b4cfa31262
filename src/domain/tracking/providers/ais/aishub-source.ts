import { requestJson } from '../http-transport';
import { AisPositionSource, PositionFix, ProviderError, VesselIdentity } from '../provider-types';

export interface AisHubSettings {
  /** https://data.aishub.net/ws.php, or a compatible service. */
  url: string;
  username: string;
  timeoutMs: number;
  /** AISHub answers nothing to a member calling more than once a minute. */
  minIntervalMs: number;
  /** Oldest position asked for, in minutes (AISHub's `interval`). */
  maxAgeMinutes: number;
}

/** Pure: the web-service URL for a set of vessels (human-readable JSON, uncompressed). */
export function aisHubUrl(settings: AisHubSettings, vessels: { mmsis: string[]; imos: string[] }): string {
  const url = new URL(settings.url);
  url.searchParams.set('username', settings.username);
  url.searchParams.set('format', '1');
  url.searchParams.set('output', 'json');
  url.searchParams.set('compress', '0');
  if (vessels.mmsis.length > 0) url.searchParams.set('mmsi', vessels.mmsis.join(','));
  if (vessels.imos.length > 0) url.searchParams.set('imo', vessels.imos.join(','));
  url.searchParams.set('interval', String(settings.maxAgeMinutes));
  return url.toString();
}

type Json = Record<string, unknown>;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * Pure: AISHub's JSON answer, `[ {ERROR, USERNAME, FORMAT, RECORDS}, [ {MMSI, TIME, LONGITUDE,
 * LATITUDE, COG, SOG, HEADING, NAVSTAT, IMO, NAME, …} ] ]`, in human-readable format (degrees,
 * knots, TIME as "YYYY-MM-DD hh:mm:ss GMT"). Rows without a usable position are left out.
 */
export function parseAisHubResponse(body: unknown, source: string): { fixes: PositionFix[]; error: string | null } {
  if (!Array.isArray(body) || body.length === 0 || typeof body[0] !== 'object' || body[0] === null) {
    return { fixes: [], error: 'unexpected response shape' };
  }
  const header = body[0] as Json;
  if (header.ERROR === true) return { fixes: [], error: String(header.ERROR_MESSAGE ?? 'AISHub reported an error') };
  const rows = Array.isArray(body[1]) ? (body[1] as Json[]) : [];
  const fixes: PositionFix[] = [];
  for (const row of rows) {
    const lat = num(row.LATITUDE);
    const lon = num(row.LONGITUDE);
    const time = typeof row.TIME === 'string' ? Date.parse(row.TIME.replace(' GMT', 'Z').replace(' ', 'T')) : NaN;
    if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180 || Number.isNaN(time)) continue;
    const sog = num(row.SOG);
    const cog = num(row.COG);
    const heading = num(row.HEADING);
    const imo = num(row.IMO);
    fixes.push({
      mmsi: String(row.MMSI),
      imo: imo && imo > 0 ? String(imo).padStart(7, '0') : null,
      lat,
      lon,
      sogKnots: sog === null || sog >= 102.3 ? null : sog,
      cogDegrees: cog === null || cog >= 360 ? null : cog,
      heading: heading === null || heading === 511 ? null : heading,
      navStatus: num(row.NAVSTAT),
      time,
      source,
    });
  }
  return { fixes, error: null };
}

/**
 * On-demand positions from AISHub's web service. Calls are coalesced: each request asks for every
 * vessel asked about in the last hour, at most once per `minIntervalMs`; in between, answers come
 * from the last response. A vessel first asked about between two calls is in the next one.
 */
export class AisHubPositionSource implements AisPositionSource {
  readonly name = 'ais:aishub';
  private lastCall = -Infinity;
  private lastFixes: PositionFix[] = [];
  private readonly wanted = new Map<string, { kind: 'mmsi' | 'imo'; lastAsked: number }>();

  constructor(
    private readonly settings: AisHubSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  async recentPositions(vessel: VesselIdentity, since: number): Promise<PositionFix[]> {
    const now = this.clock();
    const key = vessel.mmsi ?? vessel.imo;
    if (!key) return [];
    this.wanted.set(key, { kind: vessel.mmsi ? 'mmsi' : 'imo', lastAsked: now });
    if (now - this.lastCall >= this.settings.minIntervalMs) {
      for (const [k, w] of this.wanted) if (now - w.lastAsked > 3_600_000) this.wanted.delete(k);
      const ids = [...this.wanted];
      this.lastCall = now;
      const response = await requestJson(
        this.name,
        aisHubUrl(this.settings, {
          mmsis: ids.filter(([, w]) => w.kind === 'mmsi').map(([k]) => k),
          imos: ids.filter(([, w]) => w.kind === 'imo').map(([k]) => k),
        }),
        { timeoutMs: this.settings.timeoutMs },
      );
      const parsed = parseAisHubResponse(response.body, this.name);
      if (parsed.error) throw new ProviderError(this.name, 'unavailable', parsed.error);
      this.lastFixes = parsed.fixes;
    }
    return this.lastFixes.filter(
      (f) => (vessel.mmsi ? f.mmsi === vessel.mmsi : f.imo === vessel.imo) && f.time >= since,
    );
  }
}
