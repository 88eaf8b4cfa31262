import type { Carrier, SourceRef, ZoneMatrixRow, ZoneMatrixVersion, ZoneScope, Zip5Zone } from '../../domain/parcel';

/** Cell of a lane the carrier does not serve (or no such ZIP3 pairing). */
export const noLane = '.';
/** Cell of a lane the chart leaves unresolved (USPS offshore `A`, FedEx `*` "see FedEx"). */
export const unresolvedLane = '?';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface MatrixRowBuilder {
  /** The zone of a whole destination ZIP3 (`unresolvedLane` for an unresolved one, null for none). */
  setZip3(zip3: number, zone: string | null): void;
  /** A destination ZIP5 range: whole ZIP3s inside it become cells, partial ones the row's exceptions. */
  setRange(from: number, to: number, zone: string | null): void;
}

/**
 * Lays a carrier's charts out as a ZoneMatrixVersion: zones 1–9 are their own digit in a cell,
 * every other zone code (Alaska, Hawaii, Puerto Rico: 10, 44, 124…) gets a letter of the legend.
 */
export class ZoneMatrixBuilder {
  private readonly chars = new Map<string, string>();
  /** Each row with its cells, joined into the row's string by build(). */
  private readonly rows: Array<{ row: ZoneMatrixRow; cells: string[] }> = [];

  constructor(private readonly file: string) {}

  private char(zone: string | null): string {
    if (zone === null) return noLane;
    if (zone === unresolvedLane || /^[1-9]$/.test(zone)) return zone;
    let char = this.chars.get(zone);
    if (char === undefined) {
      char = letters[this.chars.size];
      if (char === undefined) throw new Error(`${this.file}: more zone codes than legend letters`);
      this.chars.set(zone, char);
    }
    return char;
  }

  row(originFrom: number, originTo: number, scope: ZoneScope | null, flags: string | null = null): MatrixRowBuilder {
    const cells: string[] = Array.from({ length: 1000 }, () => noLane);
    const exceptions: Zip5Zone[] = [];
    const zip5 = (n: number) => String(n).padStart(5, '0');
    const row: ZoneMatrixRow = {
      originFrom: String(originFrom).padStart(3, '0'),
      originTo: String(originTo).padStart(3, '0'),
      scope,
      cells: '',
      flags,
      exceptions,
    };
    this.rows.push({ row, cells });
    const builder: MatrixRowBuilder = {
      setZip3: (zip3, zone) => {
        cells[zip3] = this.char(zone);
      },
      setRange: (from, to, zone) => {
        for (let zip3 = Math.floor(from / 100); zip3 <= Math.floor(to / 100); zip3++) {
          const start = Math.max(from, zip3 * 100);
          const end = Math.min(to, zip3 * 100 + 99);
          if (start === zip3 * 100 && end === zip3 * 100 + 99) builder.setZip3(zip3, zone);
          else if (zone !== null && zone !== unresolvedLane)
            exceptions.push({ destFrom: zip5(start), destTo: zip5(end), zone });
        }
      },
    };
    return builder;
  }

  build(
    header: { id: string; carrier: Carrier; effectiveFrom: string; source: SourceRef },
    exceptions: ZoneMatrixVersion['exceptions'] = [],
  ): ZoneMatrixVersion {
    const legend = Object.fromEntries([...'123456789'].map((d) => [d, d]));
    for (const [zone, char] of this.chars) legend[char] = zone;
    return {
      ...header,
      legend,
      exceptions,
      rows: this.rows.map(({ row, cells }) => ({ ...row, cells: cells.join('') })),
    };
  }
}
