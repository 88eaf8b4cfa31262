import type { Knex } from 'knex';
import { toNumber, toNumberOrNull } from '../row-values';
import type { PortDirectory, PortView } from '../../domain/tracking';

export interface PortRecord {
  locode: string;
  name: string;
  countryCode: string;
  countryName: string | null;
  lat: number | null;
  lon: number | null;
  coordinatesSource: string | null;
  timezone: string | null;
  wpiNumber: number | null;
  harborSize: string | null;
  qualityNote: string | null;
}

const chunk = 50;

/** Seaports by UN/LOCODE, with aliases (other codes for the same port). */
export class PortRepository implements PortDirectory {
  constructor(private readonly knex: Knex) {}

  /** Replaces the port table's content with an import, in one transaction. */
  async replaceAll(
    ports: readonly PortRecord[],
    aliases: ReadonlyMap<string, string>,
    importedAt: number,
  ): Promise<void> {
    await this.knex.transaction(async (trx) => {
      await trx('port_aliases').delete();
      await trx('ports').delete();
      const rows = ports.map((p) => ({
        locode: p.locode,
        name: p.name.slice(0, 100),
        country_code: p.countryCode,
        country_name: p.countryName,
        lat: p.lat,
        lon: p.lon,
        coordinates_source: p.coordinatesSource,
        timezone: p.timezone,
        wpi_number: p.wpiNumber,
        harbor_size: p.harborSize,
        quality_note: p.qualityNote?.slice(0, 200) ?? null,
        imported_at: importedAt,
      }));
      for (let i = 0; i < rows.length; i += chunk) await trx('ports').insert(rows.slice(i, i + chunk));
      const aliasRows = [...aliases].map(([alias, locode]) => ({ alias, locode }));
      for (let i = 0; i < aliasRows.length; i += chunk * 4)
        await trx('port_aliases').insert(aliasRows.slice(i, i + chunk * 4));
    });
  }

  async count(): Promise<number> {
    const [{ n }] = await this.knex('ports').count({ n: '*' });
    return toNumber(n);
  }

  /** Ports by code or alias; the answer is keyed by the code asked for. */
  async findMany(locodes: readonly string[]): Promise<Map<string, PortView>> {
    const result = new Map<string, PortView>();
    if (locodes.length === 0) return result;
    const aliases = await this.knex('port_aliases').whereIn('alias', [...locodes]);
    const canonical = new Map<string, string>(locodes.map((c) => [c, c]));
    for (const a of aliases) canonical.set(a.alias, a.locode);
    const rows = await this.knex('ports').whereIn('locode', [...new Set(canonical.values())]);
    const byCode = new Map(rows.map((r) => [r.locode as string, r]));
    for (const [asked, code] of canonical) {
      const row = byCode.get(code);
      if (row)
        result.set(asked, {
          locode: row.locode,
          name: row.name,
          lat: toNumberOrNull(row.lat),
          lon: toNumberOrNull(row.lon),
        });
    }
    return result;
  }
}
