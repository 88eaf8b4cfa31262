import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs handlers one after the other as one Express handler would, without an Express layer each:
 * `next()` moves on, `next(error)` (or a throw, or a rejected promise, as in Express 5) leaves
 * with the error, and after the last handler the request goes on to whatever follows.
 */
export function runInSequence(
  handlers: readonly RequestHandler[],
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  let index = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      next(error);
      return;
    }
    const handler = handlers[index++];
    if (!handler) {
      next();
      return;
    }
    try {
      const result = handler(req, res, step) as unknown;
      if (result instanceof Promise) result.catch(next);
    } catch (thrown) {
      next(thrown);
    }
  };
  step();
}

/** The handlers as one. */
export const inSequence =
  (handlers: readonly RequestHandler[]): RequestHandler =>
  (req, res, next) =>
    runInSequence(handlers, req, res, next);
