import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { assignRequestId } from './request-id';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id, as sent back in X-Request-Id. */
    id: string;
    /** A logger bound to this request; made on first use, since most requests never log by hand. */
    log: Logger;
  }
}

const levelOf = (status: number): 'info' | 'warn' | 'error' => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');

/**
 * Gives each request its id and a request-bound logger, and writes one access-log line when the
 * response is finished (or the client went away). Only the method, URL, client address, status and
 * time are logged: never headers or bodies, which carry keys and customer data.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = assignRequestId(req, res);
    req.id = id;
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (bound ??= logger.child({ req: { id, method: req.method, url: req.originalUrl } })) });

    const done = (message: string, status: number) => {
      const level = levelOf(status);
      if (!logger.isLevelEnabled(level)) return;
      logger[level]({ req: { id, method: req.method, url: req.originalUrl, remote: req.socket.remoteAddress }, res: { status }, responseTime: Math.round(performance.now() - started) }, message);
    };
    const finished = () => {
      res.off('close', aborted);
      done('request completed', res.statusCode);
    };
    const aborted = () => {
      res.off('finish', finished);
      done('request aborted', 499);
    };
    res.once('finish', finished);
    res.once('close', aborted);
    next();
  };
}
