/** Mean Earth radius in nautical miles (6371.0088 km / 1.852). */
const earthRadiusNm = 3440.065;

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * Great-circle distance in nautical miles. Longitudes are compared through their sine and cosine,
 * so 179.9° and -179.9° are 0.2° apart: nothing here cares where the antimeridian is.
 */
export function greatCircleNm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusNm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point a fraction `t` of the way along the great circle from a to b (t in 0..1). */
export function interpolateGreatCircle(a: LatLon, b: LatLon, t: number): LatLon {
  const d = greatCircleNm(a, b) / earthRadiusNm;
  if (d === 0) return { ...a };
  const A = Math.sin((1 - t) * d) / Math.sin(d);
  const B = Math.sin(t * d) / Math.sin(d);
  const [la1, lo1, la2, lo2] = [rad(a.lat), rad(a.lon), rad(b.lat), rad(b.lon)];
  const x = A * Math.cos(la1) * Math.cos(lo1) + B * Math.cos(la2) * Math.cos(lo2);
  const y = A * Math.cos(la1) * Math.sin(lo1) + B * Math.cos(la2) * Math.sin(lo2);
  const z = A * Math.sin(la1) + B * Math.sin(la2);
  return {
    lat: (Math.atan2(z, Math.sqrt(x * x + y * y)) * 180) / Math.PI,
    lon: (Math.atan2(y, x) * 180) / Math.PI,
  };
}

/** Initial course from a to b in degrees true (0..360). */
export function initialBearing(a: LatLon, b: LatLon): number {
  const [la1, la2, dLon] = [rad(a.lat), rad(b.lat), rad(b.lon - a.lon)];
  const y = Math.sin(dLon) * Math.cos(la2);
  const x = Math.cos(la1) * Math.sin(la2) - Math.sin(la1) * Math.cos(la2) * Math.cos(dLon);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}
