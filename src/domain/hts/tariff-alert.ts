/** An account's watch: tariff.changed events for changes under these HTS prefixes. */
export interface TariffAlert {
  id: string;
  accountId: string;
  /** False for a test-mode key's alert: its events are test-mode events, and live keys never see it. */
  livemode: boolean;
  /** Digit prefixes, 2 to 10 digits ("6109", "8471300100"). */
  htsPrefixes: string[];
  /** ISO 3166-1 alpha-2 origins the account cares about (carried into the event; see alert-matcher). */
  countries: string[];
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

/** The alert as the API returns it: `GET /api/tariff/alerts` and the `data.object` of its tariff.changed events. */
export function tariffAlertView(alert: TariffAlert) {
  return {
    id: alert.id,
    object: 'tariff_alert' as const,
    livemode: alert.livemode,
    hts_prefixes: alert.htsPrefixes,
    countries: alert.countries,
    created_at: new Date(alert.createdAt).toISOString(),
    updated_at: new Date(alert.updatedAt).toISOString(),
  };
}
