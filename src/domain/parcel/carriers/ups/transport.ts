import { BearerClient } from '../http/bearer-client';
import { postToCarrier } from '../http/carrier-http';
import type { UpsSettings } from './settings';
import type { UpsRateRequest, UpsRateResponse } from './types';
import { OAuthTokenCache, readIssuedToken } from '../../../shared';

/** The only UPS I/O: OAuth at /security/v1/oauth/token (HTTP Basic), rating at /api/rating/v2409/Shop (with time in transit). */
export class UpsTransport {
  private readonly client: BearerClient;

  constructor(
    private readonly settings: UpsSettings,
    now: () => number = Date.now,
  ) {
    const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
    const tokens = new OAuthTokenCache(
      async (signal) =>
        readIssuedToken(
          await postToCarrier({
            url: `${settings.baseUrl}/security/v1/oauth/token`,
            headers: { authorization: `Basic ${basic}`, 'x-merchant-id': settings.accountNumber },
            form: { grant_type: 'client_credentials' },
            signal,
          }),
        ),
      now,
    );
    this.client = new BearerClient(tokens);
  }

  async rate(request: UpsRateRequest, signal: AbortSignal): Promise<UpsRateResponse> {
    const url = `${this.settings.baseUrl}/api/rating/v2409/Shop?additionalinfo=timeintransit`;
    return (await this.client.post(
      url,
      request,
      { transId: `tl-${Date.now()}`, transactionSrc: 'tradelane' },
      signal,
    )) as UpsRateResponse;
  }
}
