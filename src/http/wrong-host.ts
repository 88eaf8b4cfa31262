import type { ErrorRequestHandler } from 'express';
import { allHostDocuments } from './host-document';
import { HostAddressing, hostAddresses } from './host-addresses';
import type { HostName } from './host-names';
import { isRouteMiss } from './error-handler';
import { originOf } from './origin';
import { HttpProblem } from './problem';

/** The hosts whose documents declare this method and path (read on first use: only route misses ask). */
function hostsServing(method: string, pathname: string): HostName[] {
  return allHostDocuments()
    .filter((document) =>
      document.operations.some(
        (operation) => operation.method === method.toLowerCase() && operation.pattern.test(pathname),
      ),
    )
    .map((document) => document.host);
}

/**
 * Turns "no such route" into a pointer to the host that serves the operation: a client that sent a
 * tariff call to the main host learns the tariff host's address instead of a bare 404.
 */
export function wrongHostHint(host: HostName, addressing: HostAddressing): ErrorRequestHandler {
  return (error, req, _res, next) => {
    const pathname = req.originalUrl.split('?')[0];
    const elsewhere = isRouteMiss(error) ? hostsServing(req.method, pathname) : [];
    if (elsewhere.length === 0) {
      next(error);
      return;
    }
    let addresses: Record<HostName, string>;
    try {
      addresses = hostAddresses(addressing, host, originOf(req));
    } catch {
      next(error); // a Host header no URL can be made of: keep the plain answer
      return;
    }
    const servedBy = elsewhere.map((other) => ({ host: other, url: addresses[other] + pathname }));
    const where = servedBy.map((entry) => `the ${entry.host} host (${entry.url})`).join(' and ');
    next(
      new HttpProblem(
        'not-found',
        `${req.method} ${pathname} is not served by this (${host}) host; it is served by ${where}.`,
        undefined,
        {},
        { served_by: servedBy },
      ),
    );
  };
}
