import fs from 'node:fs';
import path from 'node:path';
import { ImportFormatError, matchingFiles, readCsv, requireDate, type ParcelImporter } from './importer';
import { readTarGz } from './tar-gz';
import { unresolvedLane, ZoneMatrixBuilder, type MatrixRowBuilder } from './zone-matrix-builder';
import type { ZoneMatrixVersion, ZoneScope } from '../../domain/parcel';

/**
 * Format "USPS National Zone Charts Matrix", Format 2 (PROVENANCE.md, usps-zone-matrix/): line 1 the
 * date MMDDYYYY, then one line per origin ZIP3: the origin, and for destination d = 001…999 a zone
 * character at column 4 + 2(d − 1) and an indicator after it. `0` is no valid pairing, `A` an
 * offshore cell the matrix does not resolve to a price zone (postcalc shows 5–8 there, so such a
 * lane falls back to the postcalc chart or an estimate); indicators (`*` same NDC, `e`/`1`/`a`/`b`
 * 5-digit exceptions, whose file is not in the data) are kept as the row's flags.
 */
export const uspsZoneMatrixImporter: ParcelImporter = {
  name: 'usps-zone-matrix',
  files: (dataDir) => matchingFiles(dataDir, 'parcel/usps-zone-matrix', /^Format2\.txt$/),
  read(files, dataDir) {
    const zoneMatrices = files.map((file): ZoneMatrixVersion => {
      const lines = fs.readFileSync(path.join(dataDir, file), 'latin1').split(/\r?\n/);
      const date = /^(\d{2})(\d{2})(\d{4})\s*$/.exec(lines[0]);
      if (!date) throw new ImportFormatError(file, `line 1 is not a MMDDYYYY date: "${lines[0].trim()}"`);
      const builder = new ZoneMatrixBuilder(file);
      for (const [index, line] of lines.slice(1).entries()) {
        if (line === '') continue;
        if (!/^\d{3}[0-9A ][ *e1ab]/.test(line) || line.length !== 2001)
          throw new ImportFormatError(file, `line ${index + 2} is not an origin line of 2,001 characters`);
        let flags = ' ';
        for (let dest = 1; dest <= 999; dest++) flags += line[4 + 2 * (dest - 1)];
        if (!/^[ *e1ab]{1000}$/.test(flags)) throw new ImportFormatError(file, `line ${index + 2}: bad indicator`);
        const origin = Number(line.slice(0, 3));
        const row = builder.row(origin, origin, null, flags.trim() === '' ? null : flags);
        for (let dest = 1; dest <= 999; dest++) {
          const zone = line[3 + 2 * (dest - 1)];
          if (!/^[0-9A]$/.test(zone))
            throw new ImportFormatError(file, `line ${index + 2}, destination ${dest}: bad zone "${zone}"`);
          row.setZip3(dest, zone === '0' ? null : zone === 'A' ? unresolvedLane : zone);
        }
      }
      const effectiveFrom = requireDate(file, `${date[3]}-${date[1]}-${date[2]}`);
      return builder.build({
        id: `usps.zone-matrix.${effectiveFrom}`,
        carrier: 'usps',
        effectiveFrom,
        source: {
          title: 'USPS National Zone Charts Matrix',
          reference: 'USPS Zone Charts Matrix (Format 2) in AustonianAI/usps-api-tools@2a4f0744 data/Format2.txt',
          file,
        },
      });
    });
    return { zoneMatrices };
  },
};

/** UPS chart columns: JSON key, the scope of the services that read it, and the code of its zone 2. */
const upsColumns: Array<{ key: string; scope: ZoneScope; zone2: number }> = [
  { key: 'ground', scope: 'ground', zone2: 2 },
  { key: '3day', scope: '3_day_select', zone2: 302 },
  { key: '2day', scope: '2nd_day_air', zone2: 202 },
  { key: '2day_am', scope: '2nd_day_air_am', zone2: 242 },
  { key: 'nda_saver', scope: 'next_day_air_saver', zone2: 132 },
  { key: 'nda', scope: 'next_day_air', zone2: 102 },
];

/** UPS's zone codes for zones 2–8 (302–308 for 3 Day Select…) are the Daily Rates columns 2–8; Alaska, Hawaii and Puerto Rico codes (44, 124, 225…) stay as printed. */
function upsZone(code: number, zone2: number): string {
  const zone = code - zone2 + 2;
  return zone >= 2 && zone <= 8 ? String(zone) : String(code);
}

// The converter's single-zone stand-ins for Hawaii, Guam and Alaska: UPS zones these by ZIP5 (the workbooks' footnotes).
const upsZip5Zip3s = new Set([967, 968, 969, 995, 996, 997, 998, 999]);

const upsChartsEffective = '2025-12-22';

/**
 * Format "UPS zone charts, JSON per origin" (PROVENANCE.md, ups-zones/): a gzipped tar of
 * `zone-charts/{origin ZIP3}.json`, `{destination ZIP3: {ground, 3day, 2day, 2day_am, nda_saver, nda}}`
 * with UPS zone codes or null where the service is not offered, for 902 origins; and
 * `ups_zone_chart_zip5_alaska_hawaii.csv` (`dest_zip5,ground,next_day_air,2nd_day_air`), the ZIP5 lists
 * every workbook's footnotes give, written by scripts/extract-ups-zone-zip5.ts. One version: UPS's
 * 2026 charts, in force with the 2026 Daily Rates from 2025-12-22.
 */
export const upsZoneChartsImporter: ParcelImporter = {
  name: 'ups-zone-charts',
  files: (dataDir) => [
    ...matchingFiles(dataDir, 'parcel/ups-zones', /\.tar\.gz$/),
    ...matchingFiles(dataDir, 'parcel/ups-zones', /^ups_zone_chart_zip5_.*\.csv$/),
  ],
  read(files, dataDir) {
    const archive = files.find((f) => f.endsWith('.tar.gz'));
    if (!archive) return {};
    const builder = new ZoneMatrixBuilder(archive);
    const charts = [...readTarGz(path.join(dataDir, archive))]
      .filter(([name]) => /\/\d{3}\.json$/.test(name))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [name, content] of charts) {
      const origin = Number(/(\d{3})\.json$/.exec(name)?.[1]);
      const chart = JSON.parse(content.toString('utf8')) as Record<string, Record<string, number | null>>;
      const rows = upsColumns.map((column) => ({ ...column, row: builder.row(origin, origin, column.scope) }));
      for (const [dest, zones] of Object.entries(chart)) {
        if (!/^\d{3}$/.test(dest)) throw new ImportFormatError(`${archive}:${name}`, `bad destination "${dest}"`);
        if (upsZip5Zip3s.has(Number(dest))) continue;
        for (const { key, zone2, row } of rows) {
          const code = zones[key];
          if (code !== null && !Number.isInteger(code))
            throw new ImportFormatError(`${archive}:${name}`, `bad ${key} zone for "${dest}"`);
          row.setZip3(Number(dest), code === null ? null : upsZone(code, zone2));
        }
      }
    }
    const exceptions: ZoneMatrixVersion['exceptions'] = [];
    for (const file of files.filter((f) => f.endsWith('.csv'))) {
      const scopes: Array<[string, ZoneScope]> = [
        ['ground', 'ground'],
        ['next_day_air', 'next_day_air'],
        ['2nd_day_air', '2nd_day_air'],
      ];
      const rows = readCsv(dataDir, file, ['dest_zip5', ...scopes.map(([column]) => column)]);
      for (const [column, scope] of scopes) {
        for (const row of rows) {
          if (!/^\d{5}$/.test(row.dest_zip5) || !/^\d{2,3}$/.test(row[column]))
            throw new ImportFormatError(file, `bad line for ZIP ${row.dest_zip5}`);
          const last = exceptions[exceptions.length - 1];
          if (last?.scope === scope && last.zone === row[column] && Number(last.destTo) + 1 === Number(row.dest_zip5))
            last.destTo = row.dest_zip5;
          else exceptions.push({ scope, destFrom: row.dest_zip5, destTo: row.dest_zip5, zone: row[column] });
        }
      }
    }
    const matrix = builder.build(
      {
        id: `ups.zone-charts.${upsChartsEffective}`,
        carrier: 'ups',
        effectiveFrom: upsChartsEffective,
        source: {
          title: 'UPS zone charts (2026)',
          reference:
            'UPS Zone Advisor charts for 902 origins, jfdelascarreras/logifacts@07dc5e0c lib/pricing/data/zone-charts/; ZIP5 lists from the UPS workbooks',
          file: archive,
        },
      },
      exceptions,
    );
    return { zoneMatrices: [matrix] };
  },
};

const fedexChartsEffective = '2026-06-10';

/** A FedEx zone cell: `NA` not served, `*` "see FedEx" (unresolved), else the zone. */
function fedexZone(file: string, value: string): string | null {
  if (value === 'NA') return null;
  if (value === '*') return unresolvedLane;
  if (!/^\d{1,2}$/.test(value)) throw new ImportFormatError(file, `bad zone "${value}"`);
  return value;
}

/**
 * Format "FedEx zones, every origin" (PROVENANCE.md, fedex-zones-all-origins/):
 * `origin_zip_range,dest_zip_range,fedex_express_zone,fedex_ground_zone`, origin ranges of whole
 * ZIP3s (but for four in Alaska and Hawaii, of which the whole ZIP3s inside are kept: 996–999),
 * destination ranges of whole ZIP3s (contiguous US) or ZIP5s (Alaska, Hawaii). 1,220 rows
 * (the last contiguous range of each origin) carry the start ZIP of the next range, 96700 or 99500,
 * as their ground zone, a parse defect of the file: the express zone, equal on every other
 * contiguous row, is taken there. The file states no date: it is dated by its source commit.
 */
export const fedexZoneMatrixImporter: ParcelImporter = {
  name: 'fedex-zone-matrix',
  files: (dataDir) => matchingFiles(dataDir, 'parcel/fedex-zones-all-origins', /^fedex_zones_.*\.csv$/),
  read(files, dataDir) {
    const zoneMatrices = files.map((file): ZoneMatrixVersion => {
      const builder = new ZoneMatrixBuilder(file);
      const origins = new Map<string, { express: MatrixRowBuilder; ground: MatrixRowBuilder }>();
      const columns = ['origin_zip_range', 'dest_zip_range', 'fedex_express_zone', 'fedex_ground_zone'];
      for (const line of readCsv(dataDir, file, columns)) {
        const origin = /^(\d{5})-(\d{5})$/.exec(line.origin_zip_range);
        const dest = /^(\d{5})(?:-(\d{5}))?$/.exec(line.dest_zip_range);
        if (!origin || !dest)
          throw new ImportFormatError(file, `bad ranges "${line.origin_zip_range},${line.dest_zip_range}"`);
        // Rows are per origin ZIP3: the whole ZIP3s of an origin range (four Alaska and Hawaii ranges are parts of one).
        const [originFrom, originTo] = [
          Math.ceil(Number(origin[1]) / 100),
          Math.floor((Number(origin[2]) + 1) / 100) - 1,
        ];
        if (originFrom > originTo) continue;
        let rows = origins.get(line.origin_zip_range);
        if (!rows) {
          rows = {
            express: builder.row(originFrom, originTo, 'express'),
            ground: builder.row(originFrom, originTo, 'ground'),
          };
          origins.set(line.origin_zip_range, rows);
        }
        const express = fedexZone(file, line.fedex_express_zone);
        const ground = /^\d{5}$/.test(line.fedex_ground_zone) ? express : fedexZone(file, line.fedex_ground_zone);
        const [from, to] = [Number(dest[1]), Number(dest[2] ?? dest[1])];
        rows.express.setRange(from, to, express);
        rows.ground.setRange(from, to, ground);
      }
      return builder.build({
        id: `fedex.zone-charts.${fedexChartsEffective}`,
        carrier: 'fedex',
        effectiveFrom: fedexChartsEffective,
        source: {
          title: 'FedEx zone charts, every origin',
          reference:
            'FedEx zone charts in jfdelascarreras/logifacts@07dc5e0c lib/pricing/data/sources/fedex/fedex_zones_COMPLETE.csv',
          file,
        },
      });
    });
    return { zoneMatrices };
  },
};
