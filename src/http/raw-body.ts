import type { IncomingMessage } from 'node:http';

/**
 * The bytes of a JSON body as they arrived, kept for the operations that verify a signature over them
 * (`x-keeps-raw-body` in the spec: Stripe's webhook). Parsing and re-serialising would not give the
 * signed bytes back.
 */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** express.json's `verify` hook: remembers the body it is about to parse. */
export function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer): void {
  rawBodies.set(req, body);
}

export function rawBodyOf(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}
