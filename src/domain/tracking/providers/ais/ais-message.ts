/**
 * Decoded AIS messages of the types we use: Class A position reports (1, 2, 3), static and voyage
 * data (5), Class B position reports (18) and Class B static data (24). Field offsets per ITU-R
 * M.1371 as documented by gpsd's AIVDM guide, checked against the pyais test vectors.
 * Values are as transmitted (e.g. lon 181 = not available); `toPositionFix` interprets them.
 */

export interface PositionReport {
  type: 1 | 2 | 3 | 18;
  mmsi: string;
  /** 0 under way using engine, 1 at anchor, 5 moored, 15 undefined; null for Class B. */
  navStatus: number | null;
  /** Knots, 102.3 = not available. */
  sog: number;
  lon: number;
  lat: number;
  /** Degrees, 360 = not available. */
  cog: number;
  /** Degrees, 511 = not available. */
  heading: number;
  /** UTC second of the fix, 60+ = not available. */
  second: number;
}

export interface StaticVoyageData {
  type: 5;
  mmsi: string;
  imo: string | null;
  callSign: string;
  shipName: string;
  shipType: number;
  dimensions: { toBow: number; toStern: number; toPort: number; toStarboard: number };
  /** Crew-entered ETA without a year; null parts are "not available". */
  eta: { month: number | null; day: number | null; hour: number | null; minute: number | null };
  draught: number;
  destination: string;
}

export interface ClassBStaticData {
  type: 24;
  mmsi: string;
  part: 'A' | 'B';
  shipName?: string;
  shipType?: number;
  callSign?: string;
}

export type AisMessage = PositionReport | StaticVoyageData | ClassBStaticData;

class BitReader {
  constructor(private readonly bits: string) {}
  get length() {
    return this.bits.length;
  }
  uint(start: number, length: number): number {
    return parseInt(this.bits.slice(start, start + length).padEnd(length, '0'), 2);
  }
  int(start: number, length: number): number {
    const value = this.uint(start, length);
    return this.bits[start] === '1' ? value - 2 ** length : value;
  }
  text(start: number, length: number): string {
    let out = '';
    for (let i = start; i + 6 <= start + length && i + 6 <= this.bits.length; i += 6) {
      const v = this.uint(i, 6);
      out += String.fromCharCode(v < 32 ? v + 64 : v);
    }
    // '@' is padding; crews also pad with spaces.
    return out.replace(/@.*$/, '').trim();
  }
}

const tenths = (value: number) => Math.round(value) / 10;
const degrees = (raw: number) => raw / 600000;

/** Class A (from bit 50) and Class B (from bit 46) reports share the layout after the speed field. */
function positionReport(
  r: BitReader,
  type: PositionReport['type'],
  mmsi: string,
  navStatus: number | null,
  sogAt: number,
): PositionReport {
  return {
    type,
    mmsi,
    navStatus,
    sog: tenths(r.uint(sogAt, 10)),
    lon: degrees(r.int(sogAt + 11, 28)),
    lat: degrees(r.int(sogAt + 39, 27)),
    cog: tenths(r.uint(sogAt + 66, 12)),
    heading: r.uint(sogAt + 78, 9),
    second: r.uint(sogAt + 87, 6),
  };
}

export function decodeAisMessage(bits: string): AisMessage | null {
  const r = new BitReader(bits);
  if (r.length < 38) return null;
  const type = r.uint(0, 6);
  const mmsi = String(r.uint(8, 30)).padStart(9, '0');
  switch (type) {
    case 1:
    case 2:
    case 3:
      return r.length < 149 ? null : positionReport(r, type, mmsi, r.uint(38, 4), 50);
    case 18:
      return r.length < 139 ? null : positionReport(r, 18, mmsi, null, 46);
    case 5: {
      if (r.length < 420) return null;
      const imo = r.uint(40, 30);
      const [month, day, hour, minute] = [r.uint(274, 4), r.uint(278, 5), r.uint(283, 5), r.uint(288, 6)];
      return {
        type: 5,
        mmsi,
        imo: imo > 0 ? String(imo).padStart(7, '0') : null,
        callSign: r.text(70, 42),
        shipName: r.text(112, 120),
        shipType: r.uint(232, 8),
        dimensions: {
          toBow: r.uint(240, 9),
          toStern: r.uint(249, 9),
          toPort: r.uint(258, 6),
          toStarboard: r.uint(264, 6),
        },
        eta: {
          month: month === 0 ? null : month,
          day: day === 0 ? null : day,
          hour: hour === 24 ? null : hour,
          minute: minute === 60 ? null : minute,
        },
        draught: tenths(r.uint(294, 8)),
        destination: r.text(302, 120),
      };
    }
    case 24: {
      const part = r.uint(38, 2);
      if (part === 0 && r.length >= 160) return { type: 24, mmsi, part: 'A', shipName: r.text(40, 120) };
      if (part === 1 && r.length >= 132)
        return { type: 24, mmsi, part: 'B', shipType: r.uint(40, 8), callSign: r.text(90, 42) };
      return null;
    }
    default:
      return null;
  }
}
