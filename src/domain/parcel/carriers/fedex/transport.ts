import { BearerClient } from '../http/bearer-client';
import { postToCarrier } from '../http/carrier-http';
import { OAuthTokenCache, readIssuedToken } from '../http/oauth-token-cache';
import type { FedexSettings } from './settings';
import type { FedexRateRequest, FedexRateResponse } from './types';

/** The only FedEx I/O: OAuth at /oauth/token (form credentials), quotes at /rate/v1/rates/quotes. */
export class FedexTransport {
  private readonly client: BearerClient;

  constructor(
    private readonly settings: FedexSettings,
    now: () => number = Date.now,
  ) {
    const tokens = new OAuthTokenCache(
      async (signal) =>
        readIssuedToken(
          await postToCarrier({
            url: `${settings.baseUrl}/oauth/token`,
            form: { grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret },
            signal,
          }),
        ),
      now,
    );
    this.client = new BearerClient(tokens);
  }

  async rate(request: FedexRateRequest, signal: AbortSignal): Promise<FedexRateResponse> {
    return (await this.client.post(`${this.settings.baseUrl}/rate/v1/rates/quotes`, request, { 'x-locale': 'en_US' }, signal)) as FedexRateResponse;
  }
}
