import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { runInSequence } from './in-sequence';

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
    if (!matched || !chain) {
      next();
      return;
    }
    req.params = matched.pathParams;
    runInSequence(chain, req, res, next);
  };
}
