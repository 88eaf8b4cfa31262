import type { TrackingQuery } from '../provider-types';
import type { DcsaSettings } from './settings';

/**
 * Pure builders of DCSA T&T event queries. 2.2 filters by equipmentReference,
 * transportDocumentReference or carrierBookingReference under /v2; 3.0 by equipmentReference or
 * documentReference under /v3. Both page with `limit` and a cursor.
 */
export function eventsUrl(settings: DcsaSettings, query: TrackingQuery): string {
  const url = new URL(`${settings.baseUrl.replace(/\/$/, '')}/${settings.version === '3' ? 'v3' : 'v2'}/events`);
  const params = url.searchParams;
  if (query.referenceType === 'container') params.set('equipmentReference', query.reference);
  else if (settings.version === '3') params.set('documentReference', query.reference);
  else
    params.set(
      query.referenceType === 'bill_of_lading' ? 'transportDocumentReference' : 'carrierBookingReference',
      query.reference,
    );
  params.set('limit', String(settings.pageSize));
  return url.toString();
}

/** Arrivals and departures of one transport call (vessel events carry no equipment reference). */
export function transportCallEventsUrl(settings: DcsaSettings, transportCallReference: string): string {
  const url = new URL(`${settings.baseUrl.replace(/\/$/, '')}/${settings.version === '3' ? 'v3' : 'v2'}/events`);
  if (settings.version === '3') {
    url.searchParams.set('eventTypes', 'TRANSPORT');
    url.searchParams.set('transportCallReference', transportCallReference);
  } else {
    url.searchParams.set('eventType', 'TRANSPORT');
    url.searchParams.set('transportCallID', transportCallReference);
  }
  url.searchParams.set('limit', String(settings.pageSize));
  return url.toString();
}

/**
 * The next page from the Next-Page header: an absolute URL, a path on the same server, or a bare
 * cursor for the `cursor` parameter. Null when there is no next page. A next page on another origin
 * is refused (OffOriginNextPage): following it would send the carrier's credentials to that host.
 */
export function nextPageUrl(currentUrl: string, nextPage: string | null): string | null {
  if (!nextPage || nextPage.trim() === '') return null;
  const value = nextPage.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) {
    const next = new URL(value, currentUrl);
    if (next.origin !== new URL(currentUrl).origin) throw new OffOriginNextPage(next.origin);
    return next.toString();
  }
  const url = new URL(currentUrl);
  url.searchParams.set('cursor', value);
  return url.toString();
}

export function versionHeaders(settings: DcsaSettings): Record<string, string> {
  return { 'API-Version': settings.version === '3' ? '3' : '2' };
}

export class OffOriginNextPage extends Error {
  constructor(readonly origin: string) {
    super(`Next-Page points to another origin (${origin}); pages are followed on the carrier's own origin only`);
    this.name = 'OffOriginNextPage';
  }
}
