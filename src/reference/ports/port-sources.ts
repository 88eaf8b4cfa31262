import { parse } from 'csv-parse/sync';

const csvRows = (text: string): string[][] =>
  parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
const csvObjects = (text: string): Array<Record<string, string>> =>
  parse(text, { bom: true, columns: true, skip_empty_lines: true, relax_column_count: true, trim: true });

/** One source's view of a port; the merge decides which source wins for each field. */
export interface PortSourceRecord {
  locode: string;
  name: string | null;
  lat: number | null;
  lon: number | null;
  /** Other codes the source gives for the same port. */
  aliases: string[];
  timezone?: string | null;
  wpiNumber?: number | null;
  harborSize?: string | null;
}

const locodePattern = /^[A-Z]{2}[A-Z2-9]{3}$/;

/** "3112N 12129E" (degrees and minutes, UN/LOCODE Coordinates column) to decimal degrees. */
export function parseUnlocodeCoordinates(raw: string): { lat: number; lon: number } | null {
  const match = /^(\d{2})(\d{2})([NS])\s+(\d{3})(\d{2})([EW])$/.exec(raw.trim());
  if (!match) return null;
  const lat = (Number(match[1]) + Number(match[2]) / 60) * (match[3] === 'S' ? -1 : 1);
  const lon = (Number(match[4]) + Number(match[5]) / 60) * (match[6] === 'W' ? -1 : 1);
  return { lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 };
}

/**
 * UN/LOCODE code list, maritime ports only (function position 1 is "1"). Accepts both layouts:
 * the datasets/un-locode code-list.csv with its header (…,Status,Function,…) and UNECE's own
 * header-less CodeListPart files (Ch, Country, Location, Name, NameWoDiacritics, SubDiv, Function,
 * Status, Date, IATA, Coordinates, Remarks). Rows marked removed ("X") are left out.
 */
export function parseUnlocodeCodeList(text: string): PortSourceRecord[] {
  const rows = csvRows(text);
  if (rows.length === 0) return [];
  const hasHeader = rows[0].some((c) => c.trim() === 'Function');
  const records = hasHeader
    ? csvObjects(text).map((r) => ({
        change: r.Change,
        country: r.Country,
        location: r.Location,
        name: r.Name || r.NameWoDiacritics,
        fn: r.Function,
        coordinates: r.Coordinates,
      }))
    : rows.map((r) => ({
        change: r[0],
        country: r[1],
        location: r[2],
        name: r[3] || r[4],
        fn: r[6],
        coordinates: r[10],
      }));
  const ports: PortSourceRecord[] = [];
  for (const r of records) {
    const locode = `${(r.country ?? '').trim()}${(r.location ?? '').trim()}`;
    if (!locodePattern.test(locode) || (r.change ?? '').trim() === 'X' || (r.fn ?? '').charAt(0) !== '1') continue;
    const at = parseUnlocodeCoordinates(r.coordinates ?? '');
    ports.push({
      locode,
      name: (r.name ?? '').trim() || null,
      lat: at?.lat ?? null,
      lon: at?.lon ?? null,
      aliases: [],
    });
  }
  return ports;
}

/** NGA World Port Index (Pub 150) CSV export: "UN/LOCODE" as "US ANP", decimal Latitude/Longitude. */
export function parseWorldPortIndex(text: string): PortSourceRecord[] {
  const ports: PortSourceRecord[] = [];
  for (const r of csvObjects(text)) {
    const locode = (r['UN/LOCODE'] ?? '').replace(/\s+/g, '').toUpperCase();
    if (!locodePattern.test(locode)) continue;
    const lat = Number(r.Latitude);
    const lon = Number(r.Longitude);
    ports.push({
      locode,
      name: r['Main Port Name'] || null,
      lat: r.Latitude && Number.isFinite(lat) ? lat : null,
      lon: r.Longitude && Number.isFinite(lon) ? lon : null,
      aliases: [],
      wpiNumber: Number(r['World Port Index Number']) || null,
      harborSize: r['Harbor Size'] || null,
    });
  }
  return ports;
}

/**
 * The sea-ports package's ports.json: keyed by UN/LOCODE, coordinates [lon, lat]. `unlocs` lists
 * every code of the port, the carriers' code first (both CNSHA and CNSGH entries say
 * ["CNSHA", "CNSGH"]): the record is filed under that first code and the others become aliases.
 */
export function parseSeaPortsJson(text: string): PortSourceRecord[] {
  const data = JSON.parse(text) as Record<
    string,
    { name?: string; coordinates?: [number, number]; timezone?: string; unlocs?: string[] }
  >;
  return Object.entries(data)
    .filter(([key]) => locodePattern.test(key))
    .map(([key, p]) => {
      const codes = [...new Set([...(p.unlocs ?? []), key])].filter((u) => locodePattern.test(u));
      const locode = codes[0];
      return {
        locode,
        name: p.name ?? null,
        lat: Array.isArray(p.coordinates) && p.coordinates.length === 2 ? p.coordinates[1] : null,
        lon: Array.isArray(p.coordinates) && p.coordinates.length === 2 ? p.coordinates[0] : null,
        aliases: codes.slice(1),
        timezone: p.timezone ?? null,
      };
    });
}

/** UN/LOCODE country list: CountryCode, CountryName. */
export function parseCountryCodes(text: string): Map<string, string> {
  return new Map(csvObjects(text).map((r) => [r.CountryCode, r.CountryName]));
}
