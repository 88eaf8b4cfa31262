import type { ResponseObserver } from './access-log';
import { accessLocalsOf } from './access';
import type { HostName } from './host-names';
import type { RequestRecorder } from '../domain/request-log';
import type { Clock } from '../domain/shared';

/** The stored path: without its query string (no query parameter reaches the log), at most the column's 255 characters. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)).slice(0, 255);
}

/**
 * Puts each answered request of an account (an API key or an OAuth token, by either header) into
 * the request log's buffer: one push, written later in batches. The key's id is kept, never its secret.
 */
export function requestLogObserver(host: HostName, recorder: RequestRecorder, clock: Clock): ResponseObserver {
  return (req, status, milliseconds) => {
    const caller = req.res && accessLocalsOf(req.res)?.caller;
    if (caller?.kind !== 'account') return;
    const { credential } = caller;
    recorder.record({
      accountId: caller.accountId,
      livemode: caller.mode === 'live',
      keyId: credential.type === 'api_key' ? credential.keyId : credential.clientId,
      host,
      method: req.method,
      path: pathOf(req.originalUrl),
      status,
      latencyMs: Math.round(milliseconds),
      requestId: req.id,
      createdAt: clock.now().getTime(),
    });
  };
}
