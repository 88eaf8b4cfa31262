import { BearerClient } from '../http/bearer-client';
import { formClientCredentials } from '../http/form-client-credentials';
import type { FedexSettings } from './settings';
import type { FedexRateRequest, FedexRateResponse } from './types';

/** The only FedEx I/O: OAuth at /oauth/token (form credentials), quotes at /rate/v1/rates/quotes. */
export class FedexTransport {
  private readonly client: BearerClient;

  constructor(
    private readonly settings: FedexSettings,
    now?: () => number,
  ) {
    this.client = new BearerClient(
      formClientCredentials(`${settings.baseUrl}/oauth/token`, settings.clientId, settings.clientSecret, now),
    );
  }

  async rate(request: FedexRateRequest, signal: AbortSignal): Promise<FedexRateResponse> {
    return (await this.client.post(
      `${this.settings.baseUrl}/rate/v1/rates/quotes`,
      request,
      { 'x-locale': 'en_US' },
      signal,
    )) as FedexRateResponse;
  }
}
