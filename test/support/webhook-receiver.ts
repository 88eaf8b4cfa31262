import { Webhook } from 'standardwebhooks';
import type { WebhookDeliveryService } from '../../src/domain/webhooks/delivery.service';
import { LocalServer, startLocalServer } from './local-http-server';

export interface WebhookReceiver extends LocalServer {
  /** How the receiver answers the next requests (200 by default). */
  answer: { status: number; body: string; delayMs: number };
  /** The event ids (webhook-id) received, in order, duplicates included. */
  ids(): string[];
  /** Waits until `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that records every delivery and answers as told. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const answer = { status: 200, body: 'ok', delayMs: 0 };
  const server = await startLocalServer(async (_req, res) => {
    if (answer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status, { 'Content-Type': 'text/plain' });
    res.end(answer.body);
  }, port);
  return {
    ...server,
    answer,
    ids: () => server.requests.map((r) => String(r.headers['webhook-id'])),
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (server.requests.length < count) {
        if (Date.now() > deadline) throw new Error(`received ${server.requests.length} of ${count} deliveries`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Verifies a recorded delivery with a secret, as a receiver would (throws when the signature does not match). */
export function verifyDelivery(secret: string, request: LocalServer['requests'][number]): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

/** Fans out the outbox and sends every delivery due now, as one worker round would, until none is left. */
export async function deliverDue(delivery: WebhookDeliveryService): Promise<number> {
  let sent = 0;
  await delivery.dispatch(1000);
  for (;;) {
    const token = `lease_test_${sent}`;
    const claimed = await delivery.claim(100, token);
    if (claimed.length === 0) return sent;
    await Promise.all(claimed.map((c) => delivery.deliver(c, token)));
    sent += claimed.length;
    await delivery.dispatch(1000);
  }
}
