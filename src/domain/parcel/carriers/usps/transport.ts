import { BearerClient } from '../http/bearer-client';
import { postToCarrier } from '../http/carrier-http';
import { OAuthTokenCache, readIssuedToken } from '../http/oauth-token-cache';
import type { UspsSettings } from './settings';
import type { UspsBaseRateOption, UspsBaseRatesQuery } from './types';

/** The only USPS I/O: OAuth at /oauth2/v3/token, prices at /prices/v3/base-rates/search. */
export class UspsTransport {
  private readonly client: BearerClient;

  constructor(
    private readonly settings: UspsSettings,
    now: () => number = Date.now,
  ) {
    const tokens = new OAuthTokenCache(
      async (signal) =>
        readIssuedToken(
          await postToCarrier({
            url: `${settings.baseUrl}/oauth2/v3/token`,
            form: { grant_type: 'client_credentials', client_id: settings.clientId, client_secret: settings.clientSecret },
            signal,
          }),
        ),
      now,
    );
    this.client = new BearerClient(tokens);
  }

  async baseRates(query: UspsBaseRatesQuery, signal: AbortSignal): Promise<UspsBaseRateOption> {
    return (await this.client.post(`${this.settings.baseUrl}/prices/v3/base-rates/search`, query, {}, signal)) as UspsBaseRateOption;
  }
}
