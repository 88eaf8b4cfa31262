import type { RequestHandler } from 'express';
import { HttpProblem } from './problem';

import { apiVersions, currentApiVersion } from '../domain/shared';

export { apiVersions, currentApiVersion };
export const apiVersionHeader = 'Tradelane-Version';

const known: ReadonlySet<string> = new Set(apiVersions);

/**
 * Answers every response with the version it was served under, and refuses a request pinned to a
 * version that does not exist (rather than serving it another version's contract).
 */
export function apiVersioning(): RequestHandler {
  return (req, res, next) => {
    const pinned = req.get(apiVersionHeader);
    if (pinned === undefined || known.has(pinned)) {
      res.setHeader(apiVersionHeader, pinned ?? currentApiVersion);
      next();
      return;
    }
    res.setHeader(apiVersionHeader, currentApiVersion);
    const message = `must be one of ${apiVersions.join(', ')}`;
    next(
      new HttpProblem(
        'validation-failed',
        `${apiVersionHeader} "${pinned.slice(0, 40)}" is not an API version: ${message}.`,
        [{ pointer: '/headers/tradelane-version', message }],
      ),
    );
  };
}
