import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SendResult, WebhookSender } from './ports';
import type { CheckedTarget } from './target-guard';

/** The part of a receiver's answer the delivery log keeps. */
export const responseBodyLimitBytes = 2048;

/**
 * POSTs a delivery over keep-alive connections to the address the guard checked (the host name
 * stays in the URL for TLS and the Host header, but is not resolved again). Redirects are not
 * followed: a 3xx is a failed attempt like any other non-2xx.
 */
export function httpWebhookSender(timeoutMs: number): WebhookSender & { close(): void } {
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };
  return {
    send(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<SendResult> {
      const started = Date.now();
      const pinned: LookupFunction = (_host, options, callback) => {
        if (options.all) callback(null, [target.address]);
        else callback(null, target.address.address, target.address.family);
      };
      return new Promise<SendResult>((resolve) => {
        let timer: NodeJS.Timeout | undefined = undefined;
        const done = (result: Omit<SendResult, 'durationMs'>) => {
          clearTimeout(timer);
          resolve({ ...result, durationMs: Date.now() - started });
        };
        const transport = target.url.protocol === 'https:' ? https : http;
        const request = transport.request(target.url, {
          method: 'POST',
          agent: agents[target.url.protocol as 'http:' | 'https:'],
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: pinned,
        });
        // The whole attempt, answer included, not only the socket's idle time: a receiver that drips bytes times out too.
        timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < responseBodyLimitBytes) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          response.on('end', () =>
            done({
              statusCode: response.statusCode ?? null,
              error: null,
              responseBody: Buffer.concat(chunks).subarray(0, responseBodyLimitBytes).toString('utf8'),
            }),
          );
          response.on('error', (error) =>
            done({ statusCode: response.statusCode ?? null, error: error.message, responseBody: null }),
          );
        });
        request.on('error', (error) => done({ statusCode: null, error: error.message, responseBody: null }));
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
