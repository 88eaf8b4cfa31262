import type { OAuthClientCredentialsSettings } from '../http-transport';

export type DcsaVersion = '2.2' | '3';

export type DcsaAuth =
  | { type: 'none' }
  | { type: 'api_key'; header: string; value: string }
  | ({ type: 'oauth2' } & OAuthClientCredentialsSettings);

/** One carrier's DCSA Track & Trace endpoint. */
export interface DcsaSettings {
  scac: string;
  /** Base URL without the version prefix, e.g. https://api.carrier.example/track-and-trace. */
  baseUrl: string;
  version: DcsaVersion;
  auth: DcsaAuth;
  timeoutMs: number;
  /** Page size asked for; pages are followed through the Next-Page header. */
  pageSize: number;
  /** Bound on pages per query, so a misbehaving server cannot keep us paging. */
  maxPages: number;
  /** Transport calls whose vessel arrivals/departures are fetched for a container query. */
  maxTransportCalls: number;
}
