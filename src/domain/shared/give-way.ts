import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a long loop may keep the event loop before it lets other work run. */
export const giveWayAfterMs = 10;

const resolved = Promise.resolve();

/**
 * For long loops in the API process (a bulk job's lines, a report's rows): each call returns at once
 * until `afterMs` have passed since the last turn given, then lets the event loop run everything
 * waiting (other requests, timers, I/O) before going on. Awaiting a promise alone would not: with
 * SQLite's synchronous driver, a whole job or report would otherwise keep the process to itself.
 */
export function givingWay(afterMs = giveWayAfterMs): () => Promise<void> {
  let since = performance.now();
  return () => {
    const now = performance.now();
    if (now - since < afterMs) return resolved;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
