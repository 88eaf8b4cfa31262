import { type ConfiguredCredentials, liveCredentials, type LiveCredentials } from '../live-adapter';

/** USPS developer-portal consumer key and secret (retail prices need no account number). */
export type UspsSettings = LiveCredentials;

/** USPS_CLIENT_ID, USPS_CLIENT_SECRET (both, or live USPS stays off), USPS_API_BASE_URL. */
export const uspsSettingsFrom = (configured: ConfiguredCredentials | undefined): UspsSettings | null =>
  liveCredentials(configured, 'https://apis.usps.com');
