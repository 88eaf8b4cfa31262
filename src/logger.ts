import pino, { DestinationStream, Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config/config';

/**
 * Paths never written to logs: credentials arrive in these headers and fields. Keys are stored
 * hashed and shown once; a log line must not become a second copy.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.secret',
  '*.client_secret',
  '*.api_key',
  '*.token',
  '*.access_token',
];

/**
 * Where log lines go when the caller names no stream: a person at a terminal gets coloured one-line
 * records (pino-pretty, in-process and synchronous, so nothing is lost on exit); anything else
 * (a file, a pipe, a log shipper, CI) gets pino's JSON lines on stdout.
 */
function defaultDestination(format: Config['logFormat']): DestinationStream | undefined {
  const prettyLines = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!prettyLines) return undefined;
  return pretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
    sync: true,
  });
}

export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'tradelane' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination ?? defaultDestination(config.logFormat ?? 'auto'),
  );
}
