import { ConfigError, Env, integer, oneOf } from './config';

const passages = ['suez', 'panama', 'kiel'] as const;

/** How we authenticate to a carrier's DCSA endpoint. */
type DcsaAuthConfig =
  | { type: 'none' }
  | { type: 'api_key'; header: string; value: string }
  | { type: 'oauth2'; tokenUrl: string; clientId: string; clientSecret: string; scope: string | null };

/**
 * Container tracking settings from the environment. Live upstreams are optional: without DCSA
 * endpoints live subscriptions stay awaiting data (marked stale with the reason); test mode always
 * uses the sandbox. Every variable is listed in the tracking section of the README.
 */
export interface TrackingConfig {
  refresh: {
    intervalMs: number;
    /** Agenda interval of the refresh job; each run refreshes what is due. */
    jobEvery: string;
    batchSize: number;
    parallelism: number;
    maxRunMs: number;
    etaChangeThresholdMs: number;
    staleAfterMs: number;
    backoff: { baseMs: number; maxMs: number };
    /** Canals the predicted ETA routes around (e.g. suez while carriers divert round the Cape). */
    avoidPassages: Array<(typeof passages)[number]>;
  };
  dcsa: DcsaCarrierConfig[];
  ais: {
    nmeaTcp: { host: string; port: number } | null;
    aishub: { url: string; username: string; timeoutMs: number; minIntervalMs: number; maxAgeMinutes: number } | null;
    positionRetentionMs: number;
  };
}

const minute = 60_000;

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value.trim() === '') throw new ConfigError(`${name} is required`);
  return value.trim();
}

function url(env: Env, name: string): string {
  const value = required(env, name);
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

/** One carrier's DCSA Track & Trace endpoint, its limits and credentials. */
export type DcsaCarrierConfig = ReturnType<typeof dcsaCarrier>;

function dcsaCarrier(env: Env, scac: string) {
  const prefix = `TRACKING_DCSA_${scac}_`;
  const authType = oneOf(env, `${prefix}AUTH`, 'none', ['none', 'api_key', 'oauth2'] as const);
  let auth: DcsaAuthConfig = { type: 'none' };
  if (authType === 'api_key')
    auth = {
      type: 'api_key',
      header: env[`${prefix}API_KEY_HEADER`] || 'API-Key',
      value: required(env, `${prefix}API_KEY`),
    };
  if (authType === 'oauth2') {
    auth = {
      type: 'oauth2',
      tokenUrl: url(env, `${prefix}TOKEN_URL`),
      clientId: required(env, `${prefix}CLIENT_ID`),
      clientSecret: required(env, `${prefix}CLIENT_SECRET`),
      scope: env[`${prefix}SCOPE`] || null,
    };
  }
  return {
    scac,
    baseUrl: url(env, `${prefix}URL`),
    version: oneOf(env, `${prefix}VERSION`, '3', ['2.2', '3'] as const),
    auth,
    timeoutMs: integer(env, `${prefix}TIMEOUT_MS`, 15_000, 100, 120_000),
    pageSize: integer(env, `${prefix}PAGE_SIZE`, 100, 1, 1000),
    maxPages: integer(env, `${prefix}MAX_PAGES`, 20, 1, 1000),
    maxTransportCalls: integer(env, `${prefix}MAX_TRANSPORT_CALLS`, 8, 0, 50),
  };
}

function hostPort(env: Env, name: string): { host: string; port: number } | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  const match = /^([^:\s]+):(\d{1,5})$/.exec(raw.trim());
  if (!match || Number(match[2]) > 65535) throw new ConfigError(`${name} must be host:port, got "${raw}"`);
  return { host: match[1], port: Number(match[2]) };
}

export function loadTrackingConfig(env: Env = process.env): TrackingConfig {
  const carriers = (env.TRACKING_DCSA_CARRIERS ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  for (const scac of carriers)
    if (!/^[A-Z]{2,4}$/.test(scac)) throw new ConfigError(`TRACKING_DCSA_CARRIERS: "${scac}" is not a SCAC`);
  const avoid = (env.TRACKING_ETA_AVOID_PASSAGES ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const passage of avoid)
    if (!(passages as readonly string[]).includes(passage))
      throw new ConfigError(`TRACKING_ETA_AVOID_PASSAGES: unknown passage "${passage}"`);
  const aishubUser = env.TRACKING_AIS_AISHUB_USERNAME?.trim();
  return {
    refresh: {
      intervalMs: integer(env, 'TRACKING_REFRESH_INTERVAL_MINUTES', 30, 1, 1440) * minute,
      jobEvery: env.TRACKING_REFRESH_JOB_EVERY?.trim() || '5 minutes',
      batchSize: integer(env, 'TRACKING_REFRESH_BATCH_SIZE', 100, 1, 10_000),
      parallelism: integer(env, 'TRACKING_REFRESH_PARALLELISM', 4, 1, 64),
      maxRunMs: integer(env, 'TRACKING_REFRESH_MAX_RUN_SECONDS', 240, 1, 3600) * 1000,
      etaChangeThresholdMs: integer(env, 'TRACKING_ETA_CHANGE_THRESHOLD_MINUTES', 180, 1, 10_080) * minute,
      staleAfterMs: integer(env, 'TRACKING_STALE_AFTER_MINUTES', 120, 1, 10_080) * minute,
      backoff: {
        baseMs: integer(env, 'TRACKING_PROVIDER_BACKOFF_BASE_SECONDS', 60, 1, 86_400) * 1000,
        maxMs: integer(env, 'TRACKING_PROVIDER_BACKOFF_MAX_SECONDS', 7200, 1, 604_800) * 1000,
      },
      avoidPassages: avoid as TrackingConfig['refresh']['avoidPassages'],
    },
    dcsa: carriers.map((scac) => dcsaCarrier(env, scac)),
    ais: {
      nmeaTcp: hostPort(env, 'TRACKING_AIS_NMEA_TCP'),
      aishub: aishubUser
        ? {
            url: env.TRACKING_AIS_AISHUB_URL?.trim() || 'https://data.aishub.net/ws.php',
            username: aishubUser,
            timeoutMs: integer(env, 'TRACKING_AIS_AISHUB_TIMEOUT_MS', 15_000, 100, 120_000),
            minIntervalMs: integer(env, 'TRACKING_AIS_AISHUB_MIN_INTERVAL_SECONDS', 60, 1, 3600) * 1000,
            maxAgeMinutes: integer(env, 'TRACKING_AIS_MAX_POSITION_AGE_MINUTES', 720, 1, 10_080),
          }
        : null,
      positionRetentionMs: integer(env, 'TRACKING_POSITION_RETENTION_DAYS', 14, 1, 3650) * 86_400_000,
    },
  };
}
