import { liveCredentialsFromEnv, type LiveCredentials } from '../live-adapter';

/** USPS developer-portal consumer key and secret (retail prices need no account number). */
export type UspsSettings = LiveCredentials;

/** USPS_CLIENT_ID, USPS_CLIENT_SECRET (both, or live USPS stays off), USPS_API_BASE_URL. */
export const uspsSettingsFromEnv = (env: Record<string, string | undefined>): UspsSettings | null => liveCredentialsFromEnv(env, 'USPS', 'https://apis.usps.com');
