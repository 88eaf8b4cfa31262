/**
 * One load generator of bench:mixed, in its own process (so it shares no event loop with the server
 * or the other generators): autocannon on one operation for the phase, its figures sent back over IPC.
 */
import autocannon from 'autocannon';

/** What the orchestrator asks of a generator. */
export interface LoadOrder {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Bodies to send (each request takes one at random); none for a GET. */
  bodies: unknown[];
  /** Paths to ask for instead of the URL's (each request takes one at random). */
  paths: string[];
  connections: number;
  /** Requests a second over all connections; 0 sends as many as the server answers. */
  rate: number;
  durationS: number;
}

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and connection errors and timeouts. */
  failures: number;
  statuses: Record<string, number>;
}

process.once('message', (order: LoadOrder) => {
  const texts = order.bodies.map((body) => JSON.stringify(body));
  const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)];
  const statuses: Record<string, number> = {};
  const instance = autocannon(
    {
      url: order.url,
      method: order.method,
      headers: { ...order.headers, ...(texts.length > 0 ? { 'content-type': 'application/json' } : {}) },
      connections: order.connections,
      duration: order.durationS,
      timeout: 30,
      ...(order.rate > 0 ? { overallRate: order.rate } : {}),
      ...(texts.length > 0 || order.paths.length > 0
        ? {
            requests: [
              {
                setupRequest: (r) => ({
                  ...r,
                  ...(texts.length > 0 ? { body: pick(texts) } : {}),
                  ...(order.paths.length > 0 ? { path: pick(order.paths) } : {}),
                }),
              },
            ],
          }
        : {}),
    },
    (error, result) => {
      if (error) throw error;
      const figures: LoadFigures = {
        requests: result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        failures: result.non2xx + result.errors + result.timeouts,
        statuses,
      };
      process.send?.(figures, () => process.exit(0));
    },
  );
  instance.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
});
