import type { LiveConnection } from '../live-adapter';

/** UPS developer-portal app credentials and the shipper account rates are asked for. */
export interface UpsSettings extends LiveConnection {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
}

export const upsProductionUrl = 'https://onlinetools.ups.com';

/** UPS_CLIENT_ID, UPS_CLIENT_SECRET, UPS_ACCOUNT_NUMBER (all three, or live UPS stays off), UPS_API_BASE_URL. */
export function upsSettingsFromEnv(env: Record<string, string | undefined>): UpsSettings | null {
  const { UPS_CLIENT_ID: clientId, UPS_CLIENT_SECRET: clientSecret, UPS_ACCOUNT_NUMBER: accountNumber } = env;
  if (!clientId || !clientSecret || !accountNumber) return null;
  return { clientId, clientSecret, accountNumber, baseUrl: env.UPS_API_BASE_URL || upsProductionUrl };
}
