import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Visible ASCII only: the value is echoed into a header and written to logs.
const acceptable = /^[\x21-\x7e]{1,128}$/;

export function newRequestId(): string {
  // randomUUID draws from a pooled entropy buffer: cheaper per request than randomBytes.
  return `req_${crypto.randomUUID().replaceAll('-', '')}`;
}

/**
 * Takes the caller's X-Request-Id when it is safe to echo, otherwise makes one, and sets the
 * response header, so logs and responses carry the same id.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && acceptable.test(sent) ? sent : newRequestId();
  res.setHeader('X-Request-Id', id);
  return id;
}

export function requestIdOf(req: IncomingMessage): string {
  return req.id;
}
