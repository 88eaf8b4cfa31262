import type { Caller } from '../shared';

/** Whose request it was: the account, the mode, and the credential's id (never its secret). */
export interface RequestOwner {
  accountId: string;
  livemode: boolean;
  /** The API key's id, or the OAuth client's for a request with an access token. */
  keyId: string;
}

/** An account caller's request owner; null for a keyless caller. */
export function requestOwnerOf(caller: Caller): RequestOwner | null {
  if (caller.kind !== 'account') return null;
  const { credential } = caller;
  return {
    accountId: caller.accountId,
    livemode: caller.mode === 'live',
    keyId: credential.type === 'api_key' ? credential.keyId : credential.clientId,
  };
}

/** What happened to one API request, whoever made it. */
export interface RequestOutcome {
  /** The host that answered: main, tariff or site. */
  host: string;
  method: string;
  /** The path without its query string, so no query parameter (a key pasted into a URL) is kept. */
  path: string;
  status: number;
  latencyMs: number;
  requestId: string;
  /** When the response finished, epoch milliseconds. */
  createdAt: number;
}

/** A stored entry of the account's request log: never a secret, a header or a body. */
export interface RequestLogEntry extends RequestOwner, RequestOutcome {
  id: string;
}

/** The statuses one filter takes: a class (`4xx`) is a range, an exact status a range of one. */
export interface StatusRange {
  from: number;
  to: number;
}

export interface RequestLogFilter {
  status?: StatusRange;
  /** Paths that start with this. */
  pathPrefix?: string;
}
