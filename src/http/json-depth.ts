import type { RequestHandler } from 'express';
import { HttpProblem } from './problem';

/** Deeper than any body of ours (the deepest, a tariff calculation's claims, is 5 levels). */
export const maxJsonDepth = 64;

/** Whether a parsed body nests arrays and objects deeper than `limit`, found without recursion. */
function nestsDeeperThan(body: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[body, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, depth] = next;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return true;
    for (const member of Object.values(value))
      if (member !== null && typeof member === 'object') pending.push([member, depth + 1]);
  }
  return false;
}

/**
 * Refuses a JSON body nested deeper than `maxJsonDepth` before anything walks it recursively:
 * the request validator, the Idempotency-Key's fingerprint (JSON.stringify overflowed the stack
 * on a body-less action sent 10,000 levels of brackets, a 500).
 */
export function jsonDepthLimit(): RequestHandler {
  return (req, _res, next) => {
    const body: unknown = req.body;
    if (body === null || typeof body !== 'object' || !nestsDeeperThan(body, maxJsonDepth)) return next();
    next(
      new HttpProblem('validation-failed', `The body nests deeper than ${maxJsonDepth} levels.`, [
        { pointer: '/body', message: `must not nest arrays and objects deeper than ${maxJsonDepth} levels` },
      ]),
    );
  };
}
