import type { LiveConnection } from '../live-adapter';

/** USPS developer-portal consumer key and secret (the Prices API needs no account number for retail prices). */
export interface UspsSettings extends LiveConnection {
  clientId: string;
  clientSecret: string;
}

export const uspsProductionUrl = 'https://apis.usps.com';

/** USPS_CLIENT_ID, USPS_CLIENT_SECRET (both, or live USPS stays off), USPS_API_BASE_URL. */
export function uspsSettingsFromEnv(env: Record<string, string | undefined>): UspsSettings | null {
  const { USPS_CLIENT_ID: clientId, USPS_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) return null;
  return { clientId, clientSecret, baseUrl: env.USPS_API_BASE_URL || uspsProductionUrl };
}
