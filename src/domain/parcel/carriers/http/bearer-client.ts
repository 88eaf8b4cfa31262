import { CarrierHttpError, postToCarrier } from './carrier-http';
import type { OAuthTokenCache } from '../../../shared';

/**
 * JSON POSTs with a cached client-credentials bearer token. A 401 means the token was revoked or
 * expired early: drop it and retry once with a fresh one.
 */
export class BearerClient {
  constructor(private readonly tokens: OAuthTokenCache) {}

  async post(url: string, json: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    const send = async () =>
      postToCarrier({
        url,
        json,
        signal,
        headers: { ...headers, authorization: `Bearer ${await this.tokens.get(signal)}` },
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof CarrierHttpError) || error.status !== 401) throw error;
      this.tokens.invalidate();
      return send();
    }
  }
}
