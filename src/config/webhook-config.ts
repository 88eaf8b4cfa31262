import { boolean, Env, integer } from './config';

/** Webhook delivery settings from the environment (listed in the README and docs/webhooks.md). */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: development only; http to private and loopback targets in either mode. */
  allowPrivateTargets: boolean;
  timeoutMs: number;
  /** Deliveries one worker sends at once. */
  concurrency: number;
  disableAfterMs: number;
  /** Delivery jobs: at most this many worker processes deliver at the same time (one each). */
  lanes: number;
  /** How often an idle worker looks for new events. */
  idleMs: number;
}

const day = 24 * 3600 * 1000;

export function loadWebhookConfig(env: Env = process.env): WebhookConfig {
  return {
    allowPrivateTargets: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 30_000),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 50, 1, 1000),
    disableAfterMs: integer(env, 'WEBHOOK_DISABLE_AFTER_DAYS', 3, 1, 30) * day,
    lanes: integer(env, 'WEBHOOK_WORKER_LANES', 4, 1, 64),
    idleMs: integer(env, 'WEBHOOK_IDLE_MS', 250, 10, 60_000),
  };
}
