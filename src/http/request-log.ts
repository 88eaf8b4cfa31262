import type { ResponseObserver } from './access-log';
import { accessLocalsOf, credentialOf } from './access';
import type { HostName } from './host-names';
import { type RequestRecorder, requestOwnerOf } from '../domain/request-log';
import type { Clock } from '../domain/shared';

/** The stored path: without its query string (no query parameter reaches the log), at most the column's 255 characters. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).slice(0, 255);
}

/**
 * Puts each answered request of an account (an API key or an OAuth token, by either header) into
 * the request log's buffer: one push, written later in batches. The key's id is kept, never its
 * secret. A request refused before its key was read (the spec's validation answers first) is
 * pushed with its credential, which the batch's writer attributes; a web page's request never is.
 */
export function requestLogObserver(host: HostName, recorder: RequestRecorder, clock: Clock): ResponseObserver {
  return (req, status, milliseconds) => {
    const res = req.res!;
    const caller = accessLocalsOf(res)?.caller;
    if (caller?.kind === 'anonymous') return;
    // Unauthenticated: a success or a page is no account's, and a 401 is a credential refused.
    if (caller === undefined && (status < 400 || status === 401 || res.locals.visitor !== undefined)) return;
    const outcome = {
      host,
      method: req.method,
      path: pathOf(req.originalUrl),
      status,
      latencyMs: Math.round(milliseconds),
      requestId: req.id,
      createdAt: clock.now().getTime(),
    };
    if (caller !== undefined) return recorder.record(requestOwnerOf(caller)!, outcome);
    const credential = credentialOf(req)?.value;
    if (credential) recorder.recordUnattributed(outcome, credential);
  };
}
