import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/config';
import { projectRoot } from '../../src/config/paths';
import { longestRequestMs, shutdownWaitMs } from '../../src/http/request-budget';

it('defaults to the embedded database, the three ports and the worker', () => {
  const config = loadConfig({});
  expect(config.databaseUrl).toBe(`sqlite:${path.join(projectRoot, 'var', 'tradelane.sqlite')}`);
  expect(config.ports).toEqual({ main: 3000, tariff: 3001, site: 3002 });
  expect(config.singlePort).toBeNull();
  expect(config.runWorker).toBe(true);
  expect(config.trustProxy).toBe(false);
  expect(config.logLevel).toBe('info');
  expect(config.logFormat).toBe('auto');
  expect(config.metricsTokenSha256).toBeNull();
});

it('reads the operator-facing names', () => {
  const config = loadConfig({
    DATABASE_URL: 'mysql://u:p@db:3306/tradelane',
    PORT_MAIN: '8000',
    PORT_TARIFF: '8001',
    PORT_SITE: '8002',
    LOG_LEVEL: 'warn',
    DATA_DIR: projectRoot,
    PORT: '9000',
    TRUST_PROXY: 'loopback, 10.0.0.0/8',
    LOG_FORMAT: 'json',
    METRICS_TOKEN_SHA256: 'AB'.repeat(32),
  });
  expect(config).toMatchObject({
    logFormat: 'json',
    metricsTokenSha256: 'ab'.repeat(32),
    databaseUrl: 'mysql://u:p@db:3306/tradelane',
    ports: { main: 8000, tariff: 8001, site: 8002 },
    logLevel: 'warn',
    dataDir: projectRoot,
    singlePort: 9000,
    trustProxy: 'loopback, 10.0.0.0/8',
  });
});

it.each([
  [{ PORT_MAIN: 'eighty' }, /PORT_MAIN must be an integer/],
  [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  [{ DATABASE_URL: 'postgres://x' }, /DATABASE_URL must start with sqlite: or mysql:\/\//],
  [{ DATA_DIR: '/nonexistent/dir' }, /DATA_DIR "\/nonexistent\/dir" does not exist/],
  [{ RUN_WORKER: 'maybe' }, /RUN_WORKER must be true or false/],
  [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT must be one of auto, json, pretty/],
  [
    { METRICS_TOKEN_SHA256: 'plain-token' },
    /METRICS_TOKEN_SHA256 must be 64 hex characters \(the SHA-256 of the metrics token\)/,
  ],
])('refuses %p with a clear message', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
});

it('never echoes a database password in its error, whatever characters it holds', () => {
  expect(() => loadConfig({ DATABASE_URL: 'pg://admin:hunter2@db/x' })).toThrow(/pg:\/\/admin:\*\*\*@db\/x/);
  for (const password of ['hun/ter2', 'hun:ter2', 'a:b/c@d']) {
    const error = (() => {
      try {
        loadConfig({ DATABASE_URL: `pg://admin:${password}@db/x` });
      } catch (caught) {
        return String(caught);
      }
      return '';
    })();
    expect(error).toContain('pg://admin:***@db/x');
    expect(error).not.toContain(password);
  }
});

it('waits on shutdown at least as long as the longest request allowed (a load plan at its largest budget)', () => {
  expect(longestRequestMs).toBeGreaterThanOrEqual(30_000);
  expect(shutdownWaitMs(loadConfig({}).shutdownTimeoutMs)).toBeGreaterThan(longestRequestMs);
  expect(shutdownWaitMs(loadConfig({ SHUTDOWN_TIMEOUT_MS: '40000' }).shutdownTimeoutMs)).toBe(40_000);
  expect(() => shutdownWaitMs(loadConfig({ SHUTDOWN_TIMEOUT_MS: '10000' }).shutdownTimeoutMs)).toThrow(
    /SHUTDOWN_TIMEOUT_MS must be at least 30250/,
  );
});

it("bounds the AI search and PDF threads' waiting lines so a search or a PDF past them is a quick 503, not a wait of seconds", () => {
  // With one search thread, 16 searches waiting at 10–60 ms of work each is at most about a second.
  expect(loadConfig({}).htsSearch.maxQueue).toBe(16);
  expect(loadConfig({}).pdf).toEqual({ threads: 1, maxQueue: 16 });
  expect(loadConfig({ HTS_SEARCH_QUEUE: '4', PDF_THREADS: '2', PDF_QUEUE: '0' })).toMatchObject({
    htsSearch: { maxQueue: 4 },
    pdf: { threads: 2, maxQueue: 0 },
  });
});
