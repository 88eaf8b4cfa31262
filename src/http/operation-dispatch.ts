import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/** What the OpenAPI validator leaves on a request it matched to an operation. */
interface MatchedOperation {
  schema: { operationId?: string };
  pathParams: Record<string, string>;
}

/**
 * Runs the handlers of the operation the OpenAPI validator matched: one map lookup, where routes
 * registered per operation would have Express test every operation's path against every request.
 * The path parameters are the validator's (checked and coerced by the schema); each operation's
 * chain is a router that merges them into its handlers' `req.params`.
 */
export function operationDispatch(chains: ReadonlyMap<string, readonly RequestHandler[]>): RequestHandler {
  const routers = new Map([...chains].map(([id, chain]) => [id, Router({ mergeParams: true }).use(...chain)]));
  return (req: Request, res: Response, next: NextFunction) => {
    const matched = (req as { openapi?: MatchedOperation }).openapi;
    const chain = matched?.schema.operationId === undefined ? undefined : routers.get(matched.schema.operationId);
    if (!matched || !chain) {
      next();
      return;
    }
    req.params = matched.pathParams;
    chain(req, res, next);
  };
}
