import pino from 'pino';
import { loadWebhookConfig } from '../../src/config/webhook-config';
import { openDatabase } from '../../src/db/knex';
import { systemClock } from '../../src/domain/shared/clock';
import { pumpDeliveries } from '../../src/domain/webhooks/delivery-pump';
import { createWebhookServices } from '../../src/hosts/webhook-services';

// One delivery worker process for bench/webhooks.ts: the delivery pump alone (no other jobs), on
// DATABASE_URL, until SIGTERM. Settings come from the WEBHOOK_* environment as in `npm run worker`.
async function main() {
  const db = openDatabase(process.env.DATABASE_URL as string);
  const config = loadWebhookConfig();
  const webhooks = createWebhookServices(db.knex, config, systemClock, pino({ level: 'warn' }));
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  process.send?.('ready');
  await pumpDeliveries(webhooks.delivery, {
    concurrency: config.concurrency,
    dispatchBatch: 500,
    idleMs: config.idleMs,
    shouldStop: () => stopping,
    onError: (error) => console.error(error),
  });
  webhooks.close();
  await db.knex.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
