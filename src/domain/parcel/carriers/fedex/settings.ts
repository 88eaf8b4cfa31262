import { type ConfiguredCredentials, accountCredentials, type LiveCredentials } from '../live-adapter';

/** FedEx developer-portal project key and secret, and the account rates are asked for. */
export interface FedexSettings extends LiveCredentials {
  accountNumber: string;
}

/** FEDEX_CLIENT_ID, FEDEX_CLIENT_SECRET, FEDEX_ACCOUNT_NUMBER (all three, or live FedEx stays off), FEDEX_API_BASE_URL. */
export const fedexSettingsFrom = (configured: ConfiguredCredentials | undefined): FedexSettings | null =>
  accountCredentials(configured, 'https://apis.fedex.com');
