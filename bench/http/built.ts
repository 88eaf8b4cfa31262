import path from 'node:path';

const dist = path.resolve(__dirname, '..', '..', 'dist');

/**
 * A module of the service's build under dist/, typed by its source: the bench measures the code
 * `npm start` runs. Loaded through tsx, the sources would carry esbuild's keepNames wrapper around
 * every function made at run time, a per-request cost the shipped code does not have.
 */
export function built<Module>(modulePath: string): Module {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(dist, modulePath)) as Module;
}
