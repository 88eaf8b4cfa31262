import fs from 'node:fs';
import { geoGraticule10, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { ContainerResource, TrackPoint } from '../../domain/tracking';
import { type Html, html } from '../html';

/** Natural Earth 1:110m countries from world-atlas, read once: the map needs no network. */
const world = (() => {
  let loaded: { land: FeatureCollection<Geometry>; borders: MultiLineString } | null = null;
  return () => {
    if (!loaded) {
      const topology = JSON.parse(
        fs.readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'),
      ) as Topology<{ countries: GeometryCollection }>;
      const countries = topology.objects.countries;
      loaded = {
        land: feature(topology, countries) as FeatureCollection<Geometry>,
        borders: mesh(topology, countries, (a, b) => a !== b),
      };
    }
    return loaded;
  };
})();

const size = { width: 960, height: 540, pad: 48 };

interface MapPort {
  role: 'origin' | 'destination' | 'transshipment';
  locode: string;
  name: string | null;
  lat: number;
  lon: number;
}

const roleNames = { origin: 'Origin', destination: 'Destination', transshipment: 'Transshipment' };

function portsOf(container: ContainerResource): MapPort[] {
  const ports: MapPort[] = [];
  const add = (role: MapPort['role'], port: ContainerResource['origin']) => {
    if (port && port.lat !== null && port.lon !== null)
      ports.push({ role, locode: port.locode, name: port.name, lat: port.lat, lon: port.lon });
  };
  add('origin', container.origin);
  for (const port of container.transshipments) add('transshipment', port);
  add('destination', container.destination);
  return ports;
}

/** The middle longitude of the points on the circle, so a voyage across the 180th meridian stays in one piece. */
function middleLongitude(lons: number[]): number {
  const rad = Math.PI / 180;
  const x = lons.reduce((sum, lon) => sum + Math.cos(lon * rad), 0);
  const y = lons.reduce((sum, lon) => sum + Math.sin(lon * rad), 0);
  return Math.atan2(y, x) / rad;
}

/**
 * The container's voyage as SVG, drawn on the server with d3-geo (no script, no tiles): land and
 * borders, the vessel's AIS track, its position and heading, and the ports with their role.
 * Null when nothing on it has coordinates yet.
 */
export function routeMap(container: ContainerResource, track: TrackPoint[]): Html | null {
  const ports = portsOf(container);
  const position = container.position;
  const points: [number, number][] = [
    ...ports.map((p) => [p.lon, p.lat] as [number, number]),
    ...track.map((p) => [p.lon, p.lat] as [number, number]),
    ...(position ? [[position.lon, position.lat] as [number, number]] : []),
  ];
  if (points.length === 0) return null;
  // At least 12° by 8° around the points: one port alone is not a map of a street.
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const centre = middleLongitude(lons);
  const latMid = (Math.min(...lats) + Math.max(...lats)) / 2;
  const frame: Feature = {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiPoint',
      coordinates: [...points, [centre - 6, latMid - 4], [centre + 6, latMid + 4]],
    },
  };
  const projection = geoMercator()
    .rotate([-centre, 0])
    .fitExtent(
      [
        [size.pad, size.pad],
        [size.width - size.pad, size.height - size.pad],
      ],
      frame,
    )
    .clipExtent([
      [0, 0],
      [size.width, size.height],
    ]);
  const path = geoPath(projection);
  const { land, borders } = world();
  const at = (lon: number, lat: number) => projection([lon, lat]) ?? [0, 0];
  const trackPath =
    track.length > 1 ? path({ type: 'LineString', coordinates: track.map((p) => [p.lon, p.lat]) }) : null;
  const label = (x: number) => (x > size.width * 0.7 ? 'end' : 'start');
  const offset = (x: number) => (x > size.width * 0.7 ? -10 : 10);
  return html`<svg
    class="route-map"
    viewBox="0 0 ${size.width} ${size.height}"
    role="img"
    aria-labelledby="map-title map-desc"
    xmlns="http://www.w3.org/2000/svg"
  >
    <title id="map-title">Map of ${container.container_number}'s voyage</title>
    <desc id="map-desc">
      ${ports.map((p) => `${roleNames[p.role]} ${p.name ?? p.locode}. `).join('')}
      ${position ? `Vessel at ${position.lat.toFixed(2)}, ${position.lon.toFixed(2)}. ` : ''}
      ${track.length > 1 ? `AIS track of ${track.length} positions.` : ''}
    </desc>
    <rect class="map-sea" width="${size.width}" height="${size.height}" />
    <path class="map-graticule" d="${path(geoGraticule10()) ?? ''}" />
    <path class="map-land" d="${path(land) ?? ''}" />
    <path class="map-border" d="${path(borders) ?? ''}" />
    ${trackPath ? html`<path class="map-track" d="${trackPath}" />` : ''}
    ${ports.map((p) => {
      const [x, y] = at(p.lon, p.lat);
      return html`<g class="map-port ${p.role}">
        <circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" />
        <text x="${(x + offset(x)).toFixed(1)}" y="${(y + 4).toFixed(1)}" text-anchor="${label(x)}">
          ${p.name ?? p.locode}
        </text>
      </g>`;
    })}
    ${
      position
        ? (() => {
            const [x, y] = at(position.lon, position.lat);
            return html`<g class="map-vessel" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">
              <circle r="11" />
              <path d="M0,-9 L6,7 L0,3 L-6,7 Z" transform="rotate(${Math.round(position.course_degrees ?? 0)})" />
            </g>`;
          })()
        : ''
    }
  </svg>`;
}
