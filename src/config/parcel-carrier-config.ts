import { ConfigError, Env, integer } from './config';

/** The carriers rated live, and the prefix of their variables (`UPS_CLIENT_ID`, …). */
const carrierPrefixes = { usps: 'USPS', ups: 'UPS', fedex: 'FEDEX' } as const;

/** One carrier's app credentials as set; the carrier decides whether they are enough (UPS and FedEx also need the account). */
export interface CarrierCredentialsConfig {
  clientId: string;
  clientSecret: string;
  /** `<PREFIX>_API_BASE_URL` (a sandbox or a local fake); null for the carrier's production URL. */
  baseUrl: string | null;
  accountNumber: string | null;
}

/**
 * Live parcel rating (docs/parcel.md): a carrier whose client id and secret are not both set stays
 * offline, and quotes come from the rate cards. The timeout bounds one carrier's whole answer; the
 * breaker skips a carrier after consecutive failures until its cooldown has passed.
 */
export interface ParcelCarrierConfig {
  carriers: Partial<Record<keyof typeof carrierPrefixes, CarrierCredentialsConfig>>;
  liveRating: { timeoutMs: number; failureThreshold: number; cooldownMs: number };
}

function credentials(env: Env, prefix: string): CarrierCredentialsConfig | null {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return null;
  const baseUrl = env[`${prefix}_API_BASE_URL`] || null;
  if (baseUrl !== null && !/^https?:\/\//.test(baseUrl))
    throw new ConfigError(`${prefix}_API_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  return { clientId, clientSecret, baseUrl, accountNumber: env[`${prefix}_ACCOUNT_NUMBER`] || null };
}

export function loadParcelCarrierConfig(env: Env = process.env): ParcelCarrierConfig {
  const carriers: ParcelCarrierConfig['carriers'] = {};
  for (const [carrier, prefix] of Object.entries(carrierPrefixes) as Array<[keyof typeof carrierPrefixes, string]>) {
    const found = credentials(env, prefix);
    if (found) carriers[carrier] = found;
  }
  return {
    carriers,
    liveRating: {
      timeoutMs: integer(env, 'PARCEL_LIVE_TIMEOUT_MS', 4000, 1, 120_000),
      failureThreshold: integer(env, 'PARCEL_LIVE_BREAKER_FAILURES', 5, 1, 1000),
      cooldownMs: integer(env, 'PARCEL_LIVE_BREAKER_COOLDOWN_MS', 30_000, 1, 86_400_000),
    },
  };
}
