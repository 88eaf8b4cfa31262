/**
 * OAuth 2.0 client-credentials tokens, cached until shortly before they expire. Concurrent callers
 * share one token request; a 401 on a call invalidates the token so the retry fetches a new one.
 * Used by the carriers' rating APIs (parcel) and the DCSA tracking providers.
 */
export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export class OAuthTokenCache {
  private token: { value: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly issue: (signal: AbortSignal) => Promise<IssuedToken>,
    private readonly now: () => number = Date.now,
    /** Refresh this long before expiry (capped at half the token's lifetime). */
    private readonly refreshBufferMs = 5 * 60_000,
  ) {}

  async get(signal: AbortSignal): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return this.token.value;
    if (!this.pending) {
      this.pending = this.issue(signal)
        .then((issued) => {
          const lifetimeMs = issued.expiresInSeconds * 1000;
          this.token = {
            value: issued.accessToken,
            refreshAt: this.now() + lifetimeMs - Math.min(this.refreshBufferMs, lifetimeMs / 2),
          };
          return issued.accessToken;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }

  invalidate(): void {
    this.token = null;
  }
}

/** Reads the token fields every carrier's OAuth endpoint returns (`expires_in` is a string at UPS). */
export function readIssuedToken(body: unknown): IssuedToken {
  const b = body as { access_token?: unknown; expires_in?: unknown };
  const expires = Number(b?.expires_in);
  if (typeof b?.access_token !== 'string' || !Number.isFinite(expires) || expires <= 0) {
    throw new Error('OAuth token response without access_token and expires_in');
  }
  return { accessToken: b.access_token, expiresInSeconds: expires };
}
