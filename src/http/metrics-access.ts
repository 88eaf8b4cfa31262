import type { Request, RequestHandler } from 'express';
import { HttpProblem } from './problem';
import { sameDigest, sha256Hex } from '../domain/access';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request from the machine itself: a loopback socket, and no forwarding header. The socket alone
 * is not enough: a reverse proxy on the same machine connects over loopback on behalf of anyone,
 * and adds X-Forwarded-For or Forwarded when it does (whatever TRUST_PROXY says).
 */
function fromThisMachine(req: Request): boolean {
  return (
    loopback.test(req.socket.remoteAddress ?? '') &&
    req.get('x-forwarded-for') === undefined &&
    req.get('forwarded') === undefined
  );
}

/**
 * GET /metrics: open on loopback without credentials (the operator's own machine, a sidecar
 * scraper); from elsewhere the metrics token's SHA-256 must match METRICS_TOKEN_SHA256, and without
 * that setting it is refused. A credential that is sent is always checked, on loopback too: a wrong
 * one is 401 everywhere. Metrics name operations and volumes: not secrets, but not for the world either.
 */
export function metricsAccess(metricsTokenSha256: string | null): RequestHandler {
  return (req, _res, next) => {
    const authorization = req.get('authorization');
    if (authorization === undefined && fromThisMachine(req)) return next();
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (metricsTokenSha256 !== null && token !== undefined && sameDigest(sha256Hex(token), metricsTokenSha256))
      return next();
    const detail =
      metricsTokenSha256 === null
        ? 'No metrics token is configured: metrics are served without credentials to this machine only (set METRICS_TOKEN_SHA256 to scrape them from elsewhere).'
        : token === undefined
          ? 'Send the metrics token as Authorization: Bearer <token>.'
          : 'The metrics token is not valid.';
    next(new HttpProblem('unauthenticated', detail, undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' }));
  };
}
