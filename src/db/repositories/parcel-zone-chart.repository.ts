import type { Database } from '../knex';
import { groupBy, saveVersion, sourceColumns, sourceFromRow, type SaveOutcome } from './versioned-reference';
import type { ZoneChartVersion, ZoneScope } from '../../domain/parcel';

/** Carrier zone charts: per origin ZIP range and effective date, destination ZIP ranges → zone. */
export class ParcelZoneChartRepository {
  constructor(private readonly db: Database) {}

  async saveZoneChart(chart: ZoneChartVersion, now = Date.now()): Promise<SaveOutcome> {
    return saveVersion(
      this.db.knex,
      {
        table: 'parcel_zone_charts',
        childTable: 'parcel_zone_chart_ranges',
        parentColumn: 'chart_id',
        header: {
          id: chart.id,
          carrier: chart.carrier,
          origin_from: chart.originFrom,
          origin_to: chart.originTo,
          effective_from: chart.effectiveFrom,
          ...sourceColumns(chart.source),
        },
        children: chart.ranges.map((r, position) => ({
          position,
          dest_from: r.destFrom,
          dest_to: r.destTo,
          zone: r.zone,
          scope: r.scope,
        })),
      },
      now,
    );
  }

  async listZoneCharts(): Promise<ZoneChartVersion[]> {
    const charts = await this.db.knex('parcel_zone_charts').select('*').orderBy('id');
    const ranges = groupBy(
      await this.db.knex('parcel_zone_chart_ranges').select('*').orderBy(['chart_id', 'position']),
      'chart_id',
    );
    return charts.map((row) => ({
      id: row.id,
      carrier: row.carrier,
      originFrom: row.origin_from,
      originTo: row.origin_to,
      effectiveFrom: row.effective_from,
      source: sourceFromRow(row),
      ranges: (ranges.get(row.id) ?? []).map((r) => ({
        destFrom: r.dest_from,
        destTo: r.dest_to,
        zone: r.zone,
        scope: r.scope as ZoneScope | null,
      })),
    }));
  }
}
