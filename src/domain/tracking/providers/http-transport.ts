import { ProviderError } from './provider-types';
import { OAuthTokenCache, readIssuedToken } from '../../shared';

/**
 * The one place tracking providers do HTTP: timeouts, JSON, and the mapping of failures to
 * ProviderError kinds the refresh understands (unavailable → backoff; not_found/rejected → this query).
 */
export interface HttpResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export async function requestJson(provider: string, url: string, request: HttpRequest): Promise<HttpResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: { Accept: 'application/json', ...request.headers },
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    // Checked by name: fetch's DOMException may come from another realm than this module's Error.
    const { name, message } = error as { name?: string; message?: string };
    const reason =
      name === 'TimeoutError' ? `timed out after ${request.timeoutMs} ms` : `unreachable (${message ?? String(error)})`;
    throw new ProviderError(provider, 'unavailable', reason);
  }
  const text = await response.text();
  if (!response.ok) {
    const excerpt = text.slice(0, 200).replace(/\s+/g, ' ');
    const kind =
      response.status >= 500 || response.status === 429 || response.status === 408
        ? 'unavailable'
        : response.status === 401 || response.status === 403
          ? 'unauthorised'
          : response.status === 404
            ? 'not_found'
            : 'rejected';
    throw new ProviderError(provider, kind, `HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`, response.status);
  }
  if (text.trim() === '') return { status: response.status, headers: response.headers, body: null };
  try {
    return { status: response.status, headers: response.headers, body: JSON.parse(text) };
  } catch {
    throw new ProviderError(
      provider,
      'unavailable',
      `HTTP ${response.status} with a body that is not JSON`,
      response.status,
    );
  }
}

export interface OAuthClientCredentialsSettings {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string | null;
}

/**
 * OAuth 2 client-credentials tokens for a tracking upstream, through the token cache the parcel
 * carriers use (one shared request, refreshed before expiry); failures map to ProviderError kinds.
 */
export function clientCredentialsTokens(
  provider: string,
  settings: OAuthClientCredentialsSettings,
  timeoutMs: number,
  now: () => number,
): OAuthTokenCache {
  return new OAuthTokenCache(async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    });
    if (settings.scope) form.set('scope', settings.scope);
    const response = await requestJson(provider, settings.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs,
    });
    try {
      return readIssuedToken(response.body);
    } catch (error) {
      throw new ProviderError(provider, 'unauthorised', (error as Error).message);
    }
  }, now);
}
