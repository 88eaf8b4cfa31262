import type { Request } from 'express';

/**
 * The scheme and Host header the client used to reach this host (`http://localhost:3000`): the
 * address the reference shows and the one other hosts' addresses are worked out from. The scheme
 * follows `X-Forwarded-Proto` only when `TRUST_PROXY` says the proxy is believed.
 */
export function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
