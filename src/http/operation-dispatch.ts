import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What the OpenAPI validator leaves on a request it matched to an operation. */
interface MatchedOperation {
  schema: { operationId?: string };
  pathParams: Record<string, string>;
}

/**
 * Runs the handlers of the operation the OpenAPI validator matched: one map lookup, where routes
 * registered per operation would have Express test every operation's path against every request.
 * The path parameters are the validator's (checked and coerced by the schema).
 */
export function operationDispatch(chains: ReadonlyMap<string, readonly RequestHandler[]>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const matched = (req as { openapi?: MatchedOperation }).openapi;
    const chain = matched?.schema.operationId === undefined ? undefined : chains.get(matched.schema.operationId);
    if (!chain) {
      next();
      return;
    }
    req.params = matched?.pathParams ?? {};
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      const handler = chain[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        // As Express 5 does: a handler's rejected promise is its error.
        const result = handler(req, res, step) as unknown;
        if (result instanceof Promise) result.catch(next);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
