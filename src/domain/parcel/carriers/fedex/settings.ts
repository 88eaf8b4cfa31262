import type { LiveConnection } from '../live-adapter';

/** FedEx developer-portal project key and secret, and the account rates are asked for. */
export interface FedexSettings extends LiveConnection {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
}

export const fedexProductionUrl = 'https://apis.fedex.com';

/** FEDEX_CLIENT_ID, FEDEX_CLIENT_SECRET, FEDEX_ACCOUNT_NUMBER (all three, or live FedEx stays off), FEDEX_API_BASE_URL. */
export function fedexSettingsFromEnv(env: Record<string, string | undefined>): FedexSettings | null {
  const { FEDEX_CLIENT_ID: clientId, FEDEX_CLIENT_SECRET: clientSecret, FEDEX_ACCOUNT_NUMBER: accountNumber } = env;
  if (!clientId || !clientSecret || !accountNumber) return null;
  return { clientId, clientSecret, accountNumber, baseUrl: env.FEDEX_API_BASE_URL || fedexProductionUrl };
}
