import fs from 'node:fs';
import path from 'node:path';
import { ImportFormatError, matchingFiles, readCsv, type ParcelImporter } from './importer';
import type { ZoneChartVersion, ZoneRange, ZoneScope } from '../../domain/parcel';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "April 1, 2024" → 2024-04-01 (the postcalc chart's own effective-date label). */
function chartDate(file: string, label: string): string {
  const m = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(label);
  const month = m ? months.indexOf(m[1]) + 1 : 0;
  if (!m || month === 0) throw new ImportFormatError(file, `unreadable chart date "${label}"`);
  return `${m[3]}-${String(month).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}

const uspsScopes: Record<string, ZoneScope | null> = {
  '': null,
  'Priority Mail service': 'priority',
  'USPS Ground Advantage (< 16 oz.)': 'ground_under_1lb',
};

/**
 * Format "USPS zone chart, flattened" (PROVENANCE.md) from the USPS postcalc DomesticZoneChart for 36
 * origin ZIP3s, chart effective date in every line:
 *   usps_zone_chart_zip3_*.csv            origin_zip3,dest_zip3,zone,same_ndc_star,has_zip5_exceptions_plus,chart_effective
 *   usps_zone_chart_zip5_exceptions_*.csv origin_zip3,dest_zip5_range,zone,mail_service,chart_effective
 * One chart per origin ZIP3. Consecutive destination ZIP3s with the same zone are merged into one
 * range; ZIP5 exceptions ("09000---09999") override the ZIP3 zone, some only for Priority Mail or for
 * Ground Advantage under 1 lb (a scope). The `*` (same NDC) flag does not change the price zone.
 */
export const uspsZoneChartsImporter: ParcelImporter = {
  name: 'usps-zone-charts',
  files: (dataDir) => [
    ...matchingFiles(dataDir, 'parcel', /^usps_zone_chart_zip3_.*\.csv$/),
    ...matchingFiles(dataDir, 'parcel', /^usps_zone_chart_zip5_exceptions_.*\.csv$/),
  ],
  read(files, dataDir) {
    const charts = new Map<string, ZoneChartVersion>();
    const chartFor = (file: string, origin: string, label: string) => {
      if (!/^\d{3}$/.test(origin)) throw new ImportFormatError(file, `bad origin ZIP3 "${origin}"`);
      const effectiveFrom = chartDate(file, label);
      const id = `usps.zones.${origin}.${effectiveFrom}`;
      let chart = charts.get(id);
      if (!chart) {
        chart = {
          id,
          carrier: 'usps',
          originFrom: `${origin}00`,
          originTo: `${origin}99`,
          effectiveFrom,
          source: {
            title: 'USPS domestic zone chart',
            reference:
              'USPS postcalc DomesticZoneChart JSON in redbubble/dors-shipping-zone-mapper@327fe8c3 usps/usps-zones-json/',
            file,
          },
          ranges: [],
        };
        charts.set(id, chart);
      }
      return chart;
    };
    for (const file of files.filter((f) => /zip3_/.test(path.basename(f)))) {
      for (const row of readCsv(dataDir, file, ['origin_zip3', 'dest_zip3', 'zone', 'chart_effective'])) {
        if (!/^\d$/.test(row.zone)) throw new ImportFormatError(file, `bad zone "${row.zone}"`);
        const ranges = chartFor(file, row.origin_zip3, row.chart_effective).ranges;
        const last = ranges[ranges.length - 1];
        const from = `${row.dest_zip3}00`;
        if (last && last.zone === row.zone && last.scope === null && Number(last.destTo) + 1 === Number(from))
          last.destTo = `${row.dest_zip3}99`;
        else ranges.push({ destFrom: from, destTo: `${row.dest_zip3}99`, zone: row.zone, scope: null });
      }
    }
    for (const file of files.filter((f) => /exceptions_/.test(path.basename(f)))) {
      for (const row of readCsv(dataDir, file, [
        'origin_zip3',
        'dest_zip5_range',
        'zone',
        'mail_service',
        'chart_effective',
      ])) {
        const range = /^(\d{5})-+(\d{5})$/.exec(row.dest_zip5_range);
        if (!range) throw new ImportFormatError(file, `bad ZIP5 range "${row.dest_zip5_range}"`);
        const scope = uspsScopes[row.mail_service];
        if (scope === undefined) throw new ImportFormatError(file, `unknown mail service "${row.mail_service}"`);
        chartFor(file, row.origin_zip3, row.chart_effective).ranges.push({
          destFrom: range[1],
          destTo: range[2],
          zone: row.zone,
          scope,
        });
      }
    }
    return { zoneCharts: [...charts.values()] };
  },
};

interface FedexRangeTree {
  buildDate: string;
  origins: Array<{
    originMin: string;
    originMax: string;
    provenance: string;
    destinations: Array<{
      destMin: string;
      destMax: string;
      type: string;
      zoneId?: number;
      expressZoneId?: number;
      groundZoneId?: number;
    }>;
  }>;
}

/**
 * Format "FedEx zone range tree" (dors-shipping-zone-mapper fedex.json), built 2024-04-29 from FedEx
 * rate-tools zone PDFs for 28 origin ZIP ranges: originMin/Max → destMin/Max → zoneId, or for
 * non-contiguous destinations separate expressZoneId and groundZoneId (scopes 'express', 'ground').
 * The build date is taken as the charts' effective date.
 */
export const fedexZoneRangesImporter: ParcelImporter = {
  name: 'fedex-zone-ranges',
  files: (dataDir) => matchingFiles(dataDir, 'parcel/fedex-reference', /^fedex_zone_ranges_.*\.json$/),
  read(files, dataDir) {
    const zoneCharts = files.flatMap((file) => {
      const tree = JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as FedexRangeTree;
      const effectiveFrom = tree.buildDate?.slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveFrom ?? '') || !Array.isArray(tree.origins))
        throw new ImportFormatError(file, 'not a FedEx zone range tree');
      return tree.origins.map((origin): ZoneChartVersion => ({
        id: `fedex.zones.${origin.originMin}-${origin.originMax}.${effectiveFrom}`,
        carrier: 'fedex',
        originFrom: origin.originMin,
        originTo: origin.originMax,
        effectiveFrom,
        source: {
          title: 'FedEx zone chart',
          reference: `FedEx rate tools zone chart ${origin.provenance}, ranges in redbubble/dors-shipping-zone-mapper@327fe8c3 fedex/fedex.json`,
          file,
        },
        ranges: origin.destinations.flatMap((d): ZoneRange[] => {
          if (d.zoneId !== undefined)
            return [{ destFrom: d.destMin, destTo: d.destMax, zone: String(d.zoneId), scope: null }];
          if (d.expressZoneId === undefined || d.groundZoneId === undefined)
            throw new ImportFormatError(file, `range ${d.destMin}-${d.destMax} has no zone`);
          return [
            { destFrom: d.destMin, destTo: d.destMax, zone: String(d.expressZoneId), scope: 'express' },
            { destFrom: d.destMin, destTo: d.destMax, zone: String(d.groundZoneId), scope: 'ground' },
          ];
        }),
      }));
    });
    return { zoneCharts };
  },
};
