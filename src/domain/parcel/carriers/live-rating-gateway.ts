import { carrierLabels, type Carrier, type RatingShipment } from '../model';
import type { ServiceDefinition } from '../service-definition';
import { CircuitBreaker } from './http/circuit-breaker';
import type { LiveCarrierAdapter, LiveRateResult } from './live-adapter';

export interface LiveRatingOptions {
  /** Deadline for one carrier's whole answer (token and rating calls together). */
  timeoutMs: number;
  failureThreshold: number;
  cooldownMs: number;
  now?: () => number;
}

export type LiveOutcome =
  { ok: true; result: LiveRateResult } | { ok: false; code: 'circuit_open' | 'live_failed'; message: string };

/**
 * Calls configured live adapters under a deadline and a per-carrier circuit breaker. Failures are
 * returned, never thrown: the quote service decides whether the cards can answer instead.
 */
export class LiveRatingGateway {
  private readonly adapters = new Map<Carrier, { adapter: LiveCarrierAdapter; breaker: CircuitBreaker }>();

  constructor(
    adapters: LiveCarrierAdapter[],
    private readonly options: LiveRatingOptions,
  ) {
    for (const adapter of adapters) {
      this.adapters.set(adapter.carrier, {
        adapter,
        breaker: new CircuitBreaker({
          failureThreshold: options.failureThreshold,
          cooldownMs: options.cooldownMs,
          now: options.now,
        }),
      });
    }
  }

  has(carrier: Carrier): boolean {
    return this.adapters.has(carrier);
  }

  circuitState(carrier: Carrier) {
    return this.adapters.get(carrier)?.breaker.state ?? null;
  }

  async rate(carrier: Carrier, shipment: RatingShipment, services: ServiceDefinition[]): Promise<LiveOutcome> {
    const entry = this.adapters.get(carrier);
    if (!entry) return { ok: false, code: 'live_failed', message: `${carrier} live rating is not configured` };
    if (!entry.breaker.tryAcquire()) {
      return {
        ok: false,
        code: 'circuit_open',
        message: `${carrierLabels[carrier]} live rating skipped: circuit open after repeated failures`,
      };
    }
    try {
      const result = await entry.adapter.rate(shipment, services, AbortSignal.timeout(this.options.timeoutMs));
      entry.breaker.recordSuccess();
      return { ok: true, result };
    } catch (error) {
      entry.breaker.recordFailure();
      // fetch aborts with a DOMException named TimeoutError, which is not an Error instance everywhere.
      const { name, message } = (error ?? {}) as { name?: string; message?: string };
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : (message ?? String(error));
      return { ok: false, code: 'live_failed', message: `${carrierLabels[carrier]} live rating failed: ${reason}` };
    }
  }
}
