import pino, { DestinationStream, Logger } from 'pino';
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

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'tradelane' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    destination,
  );
}
