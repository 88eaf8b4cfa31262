import type { PortRecord } from '../../db/repositories/port.repository';
import type { PortSourceRecord } from './port-sources';
import { greatCircleNm } from '../../domain/tracking';

/** Above this, two sources disagree about where a port is (≈50 km); WPI still wins, with a note. */
const disagreementNm = 27;

/**
 * Merges the sources into one port per carrier-style UN/LOCODE:
 * - codes: sea-ports' `unlocs` lists make WPI's CNSGH an alias of the carriers' CNSHA;
 * - position: WPI (a harbour position, public domain) over sea-ports (often a city centre) over
 *   UN/LOCODE (minute precision); a disagreement over ~50 km is recorded as a quality note;
 * - name: UN/LOCODE's official name over sea-ports over WPI.
 */
export function mergePorts(
  sources: { unlocode: PortSourceRecord[]; wpi: PortSourceRecord[]; seaPorts: PortSourceRecord[] },
  countries: ReadonlyMap<string, string>,
): { ports: PortRecord[]; aliases: Map<string, string> } {
  const aliases = new Map<string, string>();
  for (const p of sources.seaPorts) for (const a of p.aliases) if (!aliases.has(a)) aliases.set(a, p.locode);
  const canonical = (code: string) => aliases.get(code) ?? code;
  const group = (records: PortSourceRecord[]) => {
    const map = new Map<string, PortSourceRecord>();
    for (const r of records) if (!map.has(canonical(r.locode))) map.set(canonical(r.locode), r);
    return map;
  };
  const [unlocode, wpi, seaPorts] = [group(sources.unlocode), group(sources.wpi), group(sources.seaPorts)];
  const codes = new Set([...unlocode.keys(), ...wpi.keys(), ...seaPorts.keys()]);
  const ports: PortRecord[] = [];
  for (const locode of [...codes].sort()) {
    const [u, w, s] = [unlocode.get(locode), wpi.get(locode), seaPorts.get(locode)];
    const positioned = [
      { source: 'wpi', r: w },
      { source: 'sea_ports', r: s },
      { source: 'unlocode', r: u },
    ].filter((c) => c.r && c.r.lat !== null && c.r.lon !== null) as Array<{ source: string; r: PortSourceRecord }>;
    const chosen = positioned[0] ?? null;
    const notes: string[] = [];
    for (const other of positioned.slice(1)) {
      const apart = greatCircleNm(
        { lat: chosen.r.lat as number, lon: chosen.r.lon as number },
        { lat: other.r.lat as number, lon: other.r.lon as number },
      );
      if (apart > disagreementNm) notes.push(`${other.source} position is ${Math.round(apart)} nm away`);
    }
    ports.push({
      locode,
      name: u?.name ?? s?.name ?? w?.name ?? locode,
      countryCode: locode.slice(0, 2),
      countryName: countries.get(locode.slice(0, 2)) ?? null,
      lat: chosen ? chosen.r.lat : null,
      lon: chosen ? chosen.r.lon : null,
      coordinatesSource: chosen?.source ?? null,
      timezone: s?.timezone ?? null,
      wpiNumber: w?.wpiNumber ?? null,
      harborSize: w?.harborSize ?? null,
      qualityNote: notes.length > 0 ? notes.join('; ') : null,
    });
  }
  // Aliases only for codes that are not ports in their own right.
  for (const [alias, code] of aliases) if (codes.has(alias) || !codes.has(code)) aliases.delete(alias);
  return { ports, aliases };
}
