import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';

const passageSchema = z.enum(['suez', 'panama', 'kiel']);
export type Passage = z.infer<typeof passageSchema>;

const laneSchema = z
  .object({
    path: z.array(z.string()).min(2),
    passage: passageSchema.optional(),
    /** Published length of the whole lane in nm, used instead of the sum of great-circle legs. */
    nm: z.number().positive().optional(),
  })
  .strict();
export type Lane = z.infer<typeof laneSchema>;

const meshSchema = z
  .object({
    name: z.string().regex(/^[a-z_]+$/),
    /** Columns west to east: a longitude and the latitudes of its waypoints. */
    columns: z.array(z.object({ lon: z.number().min(-180).max(180), lats: z.array(z.number()).min(1) }).strict()),
  })
  .strict();
export type OceanMesh = z.infer<typeof meshSchema>;

const networkSchema = z
  .object({
    waypoints: z.record(z.string(), z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])),
    lanes: z.array(laneSchema),
    meshes: z.array(meshSchema),
    mesh_links: z.array(z.tuple([z.string(), z.string()])),
  })
  .strict();

export interface SeaNetwork {
  waypoints: Readonly<Record<string, readonly [number, number]>>;
  lanes: readonly Lane[];
  meshes: readonly OceanMesh[];
  meshLinks: ReadonlyArray<readonly [string, string]>;
}

/** Our marine route network (network.yaml beside this file: what it is, where it comes from, its shape). */
export const seaNetworkFile = path.join(__dirname, 'network.yaml');

/** Reads and validates a network file; a lane or link naming no waypoint is refused here, not met mid-route. */
export function loadSeaNetwork(file = seaNetworkFile): SeaNetwork {
  const parsed = networkSchema.parse(YAML.parse(fs.readFileSync(file, 'utf8')));
  const known = new Set(Object.keys(parsed.waypoints));
  for (const mesh of parsed.meshes)
    for (const { lon, lats } of mesh.columns) for (const lat of lats) known.add(`${mesh.name}:${lat}:${lon}`);
  const unknown = [...parsed.lanes.flatMap((lane) => lane.path), ...parsed.mesh_links.flat()].filter(
    (id) => !known.has(id),
  );
  if (unknown.length > 0) throw new Error(`${file}: unknown waypoints ${[...new Set(unknown)].join(', ')}`);
  return { waypoints: parsed.waypoints, lanes: parsed.lanes, meshes: parsed.meshes, meshLinks: parsed.mesh_links };
}
