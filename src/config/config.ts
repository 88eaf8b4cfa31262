import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './paths';
import { loadWebConfig, type WebConfig } from './web-config';

/**
 * Configuration read once from the environment. Names are stable: operators script them.
 * Every variable is listed in the README with its default.
 */
export interface Config {
  /** `sqlite:<file>` (default, under var/) or `mysql://user:pass@host:port/db`. */
  databaseUrl: string;
  /** Reference data directory (HTS releases, program lists, rate cards…); null when none is found. */
  dataDir: string | null;
  ports: { main: number; tariff: number; site: number };
  /** When set, one listener serves all hosts and dispatches on the Host header. */
  singlePort: number | null;
  /** Host names used for dispatch on the single port. */
  hostNames: { main: string; tariff: string; site: string };
  bindAddress: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty` (coloured lines for a person), `json` (one object a line for machines), or `auto`: pretty on a terminal. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Where uploaded files are streamed while their request runs (removed once it is answered). */
  uploadTempDir: string;
  /** Express `trust proxy` value: proxy headers are believed only when this is set. */
  trustProxy: boolean | number | string;
  /** Validate every response against the spec (on in tests; costs time in production). */
  validateResponses: boolean;
  /** Run the Agenda worker in the API process (`npm start`); `npm run worker` runs it alone. */
  runWorker: boolean;
  /** How often the worker polls for due jobs. */
  jobPollIntervalMs: number;
  /** How long a worker's lock on a running job lasts before another worker may take it over. */
  jobLockLifetimeMs: number;
  /**
   * Grace period for in-flight requests and jobs on SIGTERM, as set; null when unset. The wait used
   * (src/http/request-budget.ts `shutdownWaitMs`) is at least the longest request allowed.
   */
  shutdownTimeoutMs: number | null;
  /** Load planner worker threads (default: cores − 1, at least 1) and plans allowed to wait for one. */
  loadPlanner: { threads: number; maxQueue: number };
  /** Bulk file reader threads (each with a heap limit) and files allowed to wait for one. */
  bulkFileReader: { threads: number; maxQueue: number };
  pdf: { threads: number; maxQueue: number };
  /** AI search's worker threads, and the searches that may wait for one before 503 service-busy. */
  htsSearch: { threads: number; maxQueue: number };
  /** The account request log's writer: batches at least this often, this many rows a write, this many records held at most. */
  requestLog: { flushIntervalMs: number; batchSize: number; maxBuffered: number };
  /** SHA-256 (hex) of the admin token; the admin API is closed when unset. */
  adminTokenSha256: string | null;
  /** SHA-256 (hex) of the metrics token: with it, GET /metrics answers beyond loopback to `Authorization: Bearer <token>`. */
  metricsTokenSha256: string | null;
  /** The web application on the site host: its address, the mailer, cookies (src/config/web-config.ts). */
  web: WebConfig;
}

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** The URL with its password hidden; a password may hold `/`, `:` or `@` (the userinfo ends at the last `@`). */
export function maskedDatabaseUrl(url: string): string {
  return url.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*:).*@/i, '$1***@');
}

function databaseUrl(env: Env): string {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return `sqlite:${path.join(projectRoot, 'var', 'tradelane.sqlite')}`;
  if (!/^(sqlite:|mysql:\/\/)/.test(raw)) {
    throw new ConfigError(`DATABASE_URL must start with sqlite: or mysql://, got "${maskedDatabaseUrl(raw)}"`);
  }
  return raw;
}

function dataDir(env: Env): string | null {
  const raw = env.DATA_DIR;
  if (raw !== undefined && raw !== '') {
    const resolved = path.resolve(raw);
    if (!fs.existsSync(resolved)) throw new ConfigError(`DATA_DIR "${raw}" does not exist`);
    return resolved;
  }
  // The repository carries its reference data (data/, with each folder's provenance).
  const bundled = path.join(projectRoot, 'data');
  return fs.existsSync(bundled) ? bundled : null;
}

function trustProxy(env: Env): boolean | number | string {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // an Express trust-proxy list such as "loopback, 10.0.0.0/8"
}

/** A token's SHA-256 in hex (the token itself is never configured), or null when unset. */
function tokenSha256(env: Env, name: string, token: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!/^[0-9a-f]{64}$/i.test(raw))
    throw new ConfigError(`${name} must be 64 hex characters (the SHA-256 of the ${token})`);
  return raw.toLowerCase();
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const singlePort = env.PORT ? integer(env, 'PORT', 0, 0, 65535) : null;
  return {
    databaseUrl: databaseUrl(env),
    dataDir: dataDir(env),
    ports: {
      main: integer(env, 'PORT_MAIN', 3000, 0, 65535),
      tariff: integer(env, 'PORT_TARIFF', 3001, 0, 65535),
      site: integer(env, 'PORT_SITE', 3002, 0, 65535),
    },
    singlePort,
    hostNames: {
      main: env.HOST_MAIN || 'api.tradelane.dev',
      tariff: env.HOST_TARIFF || 'tariff.tradelane.dev',
      site: env.HOST_SITE || 'app.tradelane.dev',
    },
    bindAddress: env.BIND_ADDRESS || '0.0.0.0',
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', logLevels),
    logFormat: oneOf(env, 'LOG_FORMAT', 'auto', ['auto', 'json', 'pretty'] as const),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    uploadTempDir: env.UPLOAD_TEMP_DIR || path.join(os.tmpdir(), 'tradelane-uploads'),
    trustProxy: trustProxy(env),
    validateResponses: boolean(env, 'VALIDATE_RESPONSES', false),
    runWorker: boolean(env, 'RUN_WORKER', true),
    jobPollIntervalMs: integer(env, 'JOB_POLL_INTERVAL_MS', 5000, 50, 3_600_000),
    jobLockLifetimeMs: integer(env, 'JOB_LOCK_LIFETIME_MS', 600_000, 100, 86_400_000),
    // Never shorter than the longest request allowed (a load plan at its largest budget): shutdown must not cut one.
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ? integer(env, 'SHUTDOWN_TIMEOUT_MS', 0, 1, 600_000) : null,
    loadPlanner: {
      threads: integer(env, 'LOAD_PLANNER_THREADS', Math.max(1, os.availableParallelism() - 1), 1, 256),
      maxQueue: integer(env, 'LOAD_PLANNER_QUEUE', 100, 0, 100_000),
    },
    bulkFileReader: {
      threads: integer(env, 'BULK_READER_THREADS', 2, 1, 64),
      maxQueue: integer(env, 'BULK_READER_QUEUE', 16, 0, 10_000),
    },
    pdf: {
      threads: integer(env, 'PDF_THREADS', 1, 1, 64),
      maxQueue: integer(env, 'PDF_QUEUE', 16, 0, 10_000),
    },
    htsSearch: {
      threads: integer(env, 'HTS_SEARCH_THREADS', Math.max(1, os.availableParallelism() - 1), 1, 256),
      maxQueue: integer(env, 'HTS_SEARCH_QUEUE', 16, 0, 100_000),
    },
    requestLog: {
      flushIntervalMs: integer(env, 'REQUEST_LOG_FLUSH_MS', 1000, 10, 60_000),
      batchSize: integer(env, 'REQUEST_LOG_BATCH', 500, 1, 2000),
      maxBuffered: integer(env, 'REQUEST_LOG_MAX_BUFFERED', 20_000, 1, 1_000_000),
    },
    adminTokenSha256: tokenSha256(env, 'ADMIN_TOKEN_SHA256', 'admin token'),
    metricsTokenSha256: tokenSha256(env, 'METRICS_TOKEN_SHA256', 'metrics token'),
    web: loadWebConfig(env),
  };
}
