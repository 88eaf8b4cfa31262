import { type ConfiguredCredentials, accountCredentials, type LiveCredentials } from '../live-adapter';

/** UPS developer-portal app credentials and the shipper account rates are asked for. */
export interface UpsSettings extends LiveCredentials {
  accountNumber: string;
}

/** UPS_CLIENT_ID, UPS_CLIENT_SECRET, UPS_ACCOUNT_NUMBER (all three, or live UPS stays off), UPS_API_BASE_URL. */
export const upsSettingsFrom = (configured: ConfiguredCredentials | undefined): UpsSettings | null =>
  accountCredentials(configured, 'https://onlinetools.ups.com');
