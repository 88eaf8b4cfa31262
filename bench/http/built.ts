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

/**
 * The service's dependencies as `npm start` prepares them, quiet and without response validation,
 * over DATABASE_URL or a fresh SQLite file in `dir`.
 */
export function benchDependencies(dir: string) {
  const { loadConfig } = built<typeof import('../../src/config/config')>('config/config');
  const { createLogger } = built<typeof import('../../src/logger')>('logger');
  const { prepare } = built<typeof import('../../src/server')>('server');
  const config = {
    ...loadConfig(process.env),
    databaseUrl: process.env.DATABASE_URL || `sqlite:${path.join(dir, 'bench.sqlite')}`,
    logLevel: 'silent' as const,
    validateResponses: false,
  };
  return prepare(config, createLogger(config));
}
