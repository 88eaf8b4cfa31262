import { postToCarrier } from './carrier-http';
import { OAuthTokenCache, readIssuedToken } from '../../../shared';

/** A token cache for the RFC 6749 form-encoded client-credentials grant (FedEx, USPS). */
export function formClientCredentials(
  tokenUrl: string,
  clientId: string,
  clientSecret: string,
  now?: () => number,
): OAuthTokenCache {
  return new OAuthTokenCache(
    async (signal) =>
      readIssuedToken(
        await postToCarrier({
          url: tokenUrl,
          form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
          signal,
        }),
      ),
    now,
  );
}
