import { clientCredentialsTokens, requestJson } from '../http-transport';
import { CarrierEventsProvider, CarrierEventsResult, ProviderError, TrackingQuery } from '../provider-types';
import { eventsUrl, nextPageUrl, OffOriginNextPage, transportCallEventsUrl, versionHeaders } from './request';
import { parseDcsaEvents } from './response';
import type { DcsaSettings } from './settings';
import type { OAuthTokenCache } from '../../../shared';

/**
 * A carrier's DCSA Track & Trace endpoint (2.2 or 3.0). For a container it also fetches the
 * vessel arrivals and departures of the transport calls the container's events name, since
 * transport events carry no equipment reference.
 */
export class DcsaCarrierEventsProvider implements CarrierEventsProvider {
  readonly name: string;
  private readonly oauth: OAuthTokenCache | null;

  constructor(
    readonly settings: DcsaSettings,
    clock: () => number = Date.now,
  ) {
    this.name = `dcsa:${settings.scac}`;
    this.oauth =
      settings.auth.type === 'oauth2'
        ? clientCredentialsTokens(this.name, settings.auth, settings.timeoutMs, clock)
        : null;
  }

  supports(query: TrackingQuery): boolean {
    return query.carrierScac === this.settings.scac;
  }

  async fetchEvents(query: TrackingQuery): Promise<CarrierEventsResult & { messages: string[] }> {
    const result = await this.fetchAll(eventsUrl(this.settings, query));
    if (query.referenceType === 'container') {
      const calls = [
        ...new Set(
          result.events
            .filter((e) => e.transportCall?.reference && (e.transportCall.modeOfTransport ?? 'VESSEL') === 'VESSEL')
            .map((e) => e.transportCall!.reference as string),
        ),
      ];
      for (const call of calls.slice(0, this.settings.maxTransportCalls)) {
        const more = await this.fetchAll(transportCallEventsUrl(this.settings, call));
        result.events.push(...more.events.filter((e) => e.eventType === 'TRANSPORT'));
        result.retractedEventIds.push(...more.retractedEventIds);
        result.messages.push(...more.messages);
      }
    }
    return result;
  }

  private async fetchAll(firstUrl: string) {
    const merged = {
      events: [] as CarrierEventsResult['events'],
      retractedEventIds: [] as string[],
      messages: [] as string[],
    };
    let url: string | null = firstUrl;
    for (let page = 0; url && page < this.settings.maxPages; page++) {
      const response = await this.get(url);
      const parsed = parseDcsaEvents(response.body, this.settings.version, this.name);
      merged.events.push(...parsed.events);
      merged.retractedEventIds.push(...parsed.retractedEventIds);
      merged.messages.push(...parsed.messages);
      try {
        url = nextPageUrl(url, response.headers.get('Next-Page'));
      } catch (error) {
        if (!(error instanceof OffOriginNextPage)) throw error;
        // The carrier's credentials never leave its origin: keep the pages read, say why the rest is missing.
        merged.messages.push(`${this.name}: ${error.message}`);
        url = null;
      }
    }
    return merged;
  }

  /** A 401 with an OAuth token may mean it was revoked early: fetch a new one and try once more. */
  private async get(url: string) {
    try {
      return await requestJson(this.name, url, { headers: await this.headers(), timeoutMs: this.settings.timeoutMs });
    } catch (error) {
      if (!this.oauth || !(error instanceof ProviderError) || error.kind !== 'unauthorised') throw error;
      this.oauth.invalidate();
      return requestJson(this.name, url, { headers: await this.headers(), timeoutMs: this.settings.timeoutMs });
    }
  }

  private async headers(): Promise<Record<string, string>> {
    const headers = versionHeaders(this.settings);
    const auth = this.settings.auth;
    if (auth.type === 'api_key') headers[auth.header] = auth.value;
    if (this.oauth)
      headers.Authorization = `Bearer ${await this.oauth.get(AbortSignal.timeout(this.settings.timeoutMs))}`;
    return headers;
  }
}
