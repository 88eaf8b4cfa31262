import { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { assignRequestId } from './request-id';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id, as sent back in X-Request-Id. */
    id: string;
    /** A logger bound to this request; made on first use, since most requests never log by hand. */
    readonly log: Logger;
  }
}

const hostLogger = Symbol('hostLogger');
const boundLogger = Symbol('boundLogger');

interface LoggedRequest extends IncomingMessage {
  [hostLogger]?: Logger;
  [boundLogger]?: Logger;
}

// One getter for every request, rather than a property defined on each: the access log's hot path
// only stores the host's logger.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest): Logger {
    const logger = this[hostLogger];
    if (!logger) throw new Error('req.log is set up by the access log middleware');
    return (this[boundLogger] ??= logger.child({
      req: {
        id: this.id,
        method: this.method,
        url: loggableUrl((this as { originalUrl?: string }).originalUrl ?? this.url ?? ''),
      },
    }));
  },
});

/** Query parameters whose names look like they carry a secret: their values never reach a log. */
const secretParameter = /key|token|secret|password|passwd|auth|signature|sig$|credential|session/i;

/** The URL as logged: secret-looking query values are replaced by `***` (a key pasted into a URL stays out of the logs). */
export function loggableUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const redacted = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: judge the raw name
      }
      return secretParameter.test(decoded) && pair.includes('=') ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, query)}?${redacted}`;
}

/**
 * A readiness probe's 503 is the expected answer while the service starts (reference data still
 * importing): it is logged as information, not as an error that would page someone.
 */
function levelOf(status: number, req: { path: string }): 'info' | 'warn' | 'error' {
  if (status === 503 && req.path === '/readyz') return 'info';
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** What a finished (or abandoned: status 499) response is reported to, once. */
export type ResponseObserver = (req: Request, status: number, milliseconds: number) => void;

/** Writes the access-log line of a response. */
function logLine(logger: Logger): ResponseObserver {
  return (req, status, milliseconds) => {
    const level = levelOf(status, req);
    if (!logger.isLevelEnabled(level)) return;
    logger[level](
      {
        req: { id: req.id, method: req.method, url: loggableUrl(req.originalUrl), remote: req.socket.remoteAddress },
        res: { status },
        responseTime: Math.round(milliseconds),
      },
      status === 499 ? 'request aborted' : 'request completed',
    );
  };
}

/**
 * Gives each request its id and a request-bound logger, and writes one access-log line when the
 * response is finished (or the client went away). Only the method, URL, client address, status and
 * time are logged: never headers or bodies, which carry keys and customer data, nor the values of
 * secret-looking query parameters. Other observers of finished responses (request metrics) are
 * told from the same single listener and clock reading.
 */
export function accessLog(logger: Logger, ...observers: ResponseObserver[]): RequestHandler {
  const notify = [logLine(logger), ...observers];
  return (req, res, next) => {
    const started = performance.now();
    req.id = assignRequestId(req, res);
    (req as LoggedRequest)[hostLogger] = logger;
    // 'close' follows 'finish' on a completed response and comes alone when the client went away;
    // it comes once, so a plain listener does (without the wrapper `once` makes per request).
    res.on('close', () => {
      const status = res.writableFinished ? res.statusCode : 499;
      const milliseconds = performance.now() - started;
      for (const observe of notify) observe(req, status, milliseconds);
    });
    next();
  };
}
