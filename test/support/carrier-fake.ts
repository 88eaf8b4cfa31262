import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A local HTTP stand-in for a carrier API on 127.0.0.1: each route answers with a status and JSON
 * body (optionally after a delay), and every request is recorded for assertions.
 */
export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  delayMs?: number;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer;

export interface CarrierFake {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests to one path (query string ignored). */
  calls(pathname: string): RecordedRequest[];
  setRoute(pathname: string, handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startCarrierFake(routes: Record<string, FakeHandler>): Promise<CarrierFake> {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const handler = table.get(recorded.path.split('?')[0]);
      const answer = handler ? handler(recorded) : { status: 404, json: { error: 'no such route' } };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    calls: (pathname) => requests.filter((r) => r.path.split('?')[0] === pathname),
    setRoute: (pathname, handler) => table.set(pathname, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const fixturesDir = path.join(__dirname, '..', 'fixtures', 'carriers');

/** A carrier payload kept as a JSON file under test/fixtures/carriers/<carrier>/. */
export function carrierFixture<T = unknown>(carrier: string, name: string): T {
  return JSON.parse(fs.readFileSync(path.join(fixturesDir, carrier, `${name}.json`), 'utf8')) as T;
}
