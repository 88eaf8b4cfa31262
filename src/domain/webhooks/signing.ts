import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing: `whsec_` + base64 of 32 random bytes, HMAC-SHA256 over
 * `webhook-id.webhook-timestamp.body`. While a rotated secret overlaps with its successor, every
 * delivery carries both signatures (space-separated), so a receiver may switch secrets at any time.
 */
export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(secrets: readonly string[], messageId: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' '),
  };
}
