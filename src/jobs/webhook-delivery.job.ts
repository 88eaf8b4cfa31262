import type { Agenda, Job } from 'agenda';
import type { Logger } from 'pino';
import type { WebhookConfig } from '../config/webhook-config';
import { pumpDeliveries, type WebhookDeliveryService } from '../domain/webhooks';

export const webhookDeliveryJobName = 'webhooks.deliver';

/** A lane's lock: short, so a lane whose worker died is taken over within half a minute; kept alive by touch(). */
const laneLockMs = 30_000;
const dispatchBatch = 500;

export interface WebhookDeliveryJob {
  /** Lets the running lanes finish their deliveries in flight, then returns. */
  stop(): Promise<void>;
}

/**
 * Webhook delivery on Agenda: `lanes` jobs of one name (one row each, `data.lane`), each running the
 * delivery pump for as long as its worker lives and touching its lock as it goes. A worker runs one
 * lane at a time (lockLimit 1), so N worker processes deliver in parallel over N lanes; a lane whose
 * worker died is taken over once its lock expires. The deliveries themselves are leased row by
 * row, so lanes never send the same attempt at once.
 */
export async function defineWebhookDeliveryJob(
  agenda: Agenda,
  deps: { delivery: WebhookDeliveryService; config: WebhookConfig; logger: Logger },
): Promise<WebhookDeliveryJob> {
  let stopping = false;
  const running = new Set<Promise<void>>();
  agenda.define(
    webhookDeliveryJobName,
    async (job: Job) => {
      let lastTouch = Date.now();
      const pump = pumpDeliveries(deps.delivery, {
        concurrency: deps.config.concurrency,
        dispatchBatch,
        idleMs: deps.config.idleMs,
        shouldStop: () => stopping,
        onRound: async () => {
          if (Date.now() - lastTouch < laneLockMs / 3) return;
          lastTouch = Date.now();
          await job.touch();
        },
        onError: (error) => deps.logger.error({ err: error }, 'webhook delivery failed'),
      });
      running.add(pump);
      try {
        await pump;
      } finally {
        running.delete(pump);
      }
    },
    { concurrency: 1, lockLimit: 1, lockLifetime: laneLockMs },
  );
  for (let lane = 0; lane < deps.config.lanes; lane++) {
    await agenda
      .create(webhookDeliveryJobName, { lane })
      .unique({ 'data.lane': lane }, { insertOnly: true })
      .repeatEvery('30 seconds')
      .save();
  }
  return {
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
