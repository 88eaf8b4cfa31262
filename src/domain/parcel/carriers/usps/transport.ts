import { BearerClient } from '../http/bearer-client';
import { formClientCredentials } from '../http/form-client-credentials';
import type { UspsSettings } from './settings';
import type { UspsBaseRateOption, UspsBaseRatesQuery } from './types';

/** The only USPS I/O: OAuth at /oauth2/v3/token, prices at /prices/v3/base-rates/search. */
export class UspsTransport {
  private readonly client: BearerClient;

  constructor(
    private readonly settings: UspsSettings,
    now?: () => number,
  ) {
    this.client = new BearerClient(
      formClientCredentials(`${settings.baseUrl}/oauth2/v3/token`, settings.clientId, settings.clientSecret, now),
    );
  }

  async baseRates(query: UspsBaseRatesQuery, signal: AbortSignal): Promise<UspsBaseRateOption> {
    return (await this.client.post(
      `${this.settings.baseUrl}/prices/v3/base-rates/search`,
      query,
      {},
      signal,
    )) as UspsBaseRateOption;
  }
}
