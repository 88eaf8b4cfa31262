import { carrierLabels, type Carrier, type QuoteWarning, type ZoneSource } from './model';
import type { RatingIndex } from './rating-index';
import type { ZoneScope } from './reference-data';
import { centroidZip3, isContiguousZip3, zip3DistanceMiles } from './zip-geography';

export interface ResolvedZone {
  zone: string;
  source: ZoneSource;
  warnings: QuoteWarning[];
}

/**
 * Great-circle mileage bands. USPS zones run 1–8 (9 is the Freely Associated States, never reached by
 * distance); FedEx states the same bands from zone 2 ("0–150 miles"), and UPS uses the same concept.
 * Against the real charts these reproduce 95.8 % of USPS and 92.2 % of FedEx zones exactly, the rest
 * ±1 (parcel-rates.md §2.5), which is why a quote says when its zone is an estimate.
 */
const bandUpperMiles = [50, 150, 300, 600, 1000, 1400, 1800];

export function zoneByDistance(carrier: Carrier, miles: number): string {
  const index = bandUpperMiles.findIndex((upper) => miles <= upper);
  const uspsZone = index === -1 ? 8 : index + 1;
  return String(carrier === 'usps' ? uspsZone : Math.max(2, uspsZone));
}

/** Zone for a lane: the carrier's chart when it has the lane, otherwise the distance band (USPS, or contiguous lanes). */
export function resolveZone(
  index: RatingIndex,
  carrier: Carrier,
  originZip: string,
  destinationZip: string,
  scopes: readonly ZoneScope[],
  shipDate: string,
): ResolvedZone | null {
  const chart = index.chartZone(carrier, originZip, destinationZip, scopes, shipDate);
  if (chart) return { zone: chart.zone, source: 'chart', warnings: [] };

  const from = originZip.slice(0, 3);
  const to = destinationZip.slice(0, 3);
  // FedEx and UPS give non-contiguous lanes their own zone codes: no mileage band stands in for them.
  if (carrier !== 'usps' && !(isContiguousZip3(from) && isContiguousZip3(to))) return null;
  const miles = zip3DistanceMiles(from, to);
  const zone = zoneByDistance(carrier, miles);
  const warnings: QuoteWarning[] = [
    {
      code: 'zone_estimated',
      message: `Zone ${zone} estimated from the ${Math.round(miles)} mi great-circle distance between ZIP3 ${from} and ${to}: ${
        index.hasChartForOrigin(carrier, originZip)
          ? `the ${carrierLabels[carrier]} zone chart for origin ${originZip} gives no zone for ${destinationZip}`
          : `no ${carrierLabels[carrier]} zone chart covers origin ${originZip}`
      }.`,
    },
  ];
  for (const zip3 of new Set([from, to])) {
    const stand = centroidZip3(zip3);
    if (stand.substituted) {
      warnings.push({
        code: 'zip3_location_substituted',
        message: `ZIP3 ${zip3} has no Census location; the nearest prefix ${stand.zip3} stands in for it.`,
      });
    }
  }
  return { zone, source: 'distance_estimate', warnings };
}
