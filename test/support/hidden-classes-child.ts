// Run as its own Node process with --allow-natives-syntax (V8's %HaveSameMap): prints whether two
// requests (and their responses) served by createHostServer, or by Node's own server as Express's
// `app.listen` makes it, have the same hidden class at the same point of the same route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import express from 'express';
import { createHostServer } from '../../src/http/host-server';

// Compiled by V8 itself: TypeScript has no syntax for a natives call.
const haveSameMap = vm.runInThisContext('(function (a, b) { return %HaveSameMap(a, b); })') as (
  a: object,
  b: object,
) => boolean;

/** Two requests held at the same middleware at once, compared there. */
async function compare(serve: (app: express.Express) => http.Server): Promise<{ request: boolean; response: boolean }> {
  const app = express();
  const held: Array<{ req: object; res: object; release: () => void }> = [];
  let compared = { request: false, response: false };
  app.use(express.json());
  app.post('/held', (req, res) => {
    (req as unknown as { seen: boolean }).seen = true;
    held.push({ req, res, release: () => res.json({ ok: true }) });
    if (held.length < 2) return;
    compared = { request: haveSameMap(held[0].req, held[1].req), response: haveSameMap(held[0].res, held[1].res) };
    for (const entry of held.splice(0)) entry.release();
  });
  const server = serve(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/held`;
  const post = () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
  // The first pair warms the transitions up; the second is compared.
  await Promise.all([post(), post()]);
  await Promise.all([post(), post()]);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return compared;
}

void (async () => {
  const hostServer = await compare((app) => createHostServer([app], () => app));
  const nodeServer = await compare((app) => http.createServer(app));
  process.stdout.write(JSON.stringify({ hostServer, nodeServer }));
})();
