import { type Env, integer } from './config';

/** EDI settings from the environment (README, docs/edi.md). */
export interface EdiConfig {
  /** How long a partner has to acknowledge a document we sent before it is `ack_overdue`. */
  ackOverdueMs: number;
}

export function loadEdiConfig(env: Env = process.env): EdiConfig {
  return { ackOverdueMs: integer(env, 'EDI_ACK_OVERDUE_HOURS', 24, 1, 24 * 90) * 3_600_000 };
}
