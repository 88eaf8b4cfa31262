import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/logger';
import { RunningService, startService } from '../../src/server';
import { createTestDatabase, TestDatabase } from '../support/database';

const emptyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-data-'));
fs.mkdirSync(path.join(emptyDataDir, 'hts'));
afterAll(() => fs.rmSync(emptyDataDir, { recursive: true, force: true }));

// The service as `npm start` runs it: real listeners, the worker, then a graceful stop.
describe('startService', () => {
  let db: TestDatabase;
  let service: RunningService | undefined;
  beforeEach(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await db.destroy();
  });

  // An empty data directory and no worker: these tests are about serving (the worker has its own tests,
  // and CI's smoke test runs `npm start` whole).
  const configFor = (env: Record<string, string>) =>
    loadConfig({
      DATA_DIR: emptyDataDir,
      DATABASE_URL: db.url,
      BIND_ADDRESS: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RUN_WORKER: 'false',
      ...env,
    });

  it('migrates an empty database and serves the three hosts on their own ports', async () => {
    service = await startService(
      configFor({ PORT_MAIN: '0', PORT_TARIFF: '0', PORT_SITE: '0' }),
      pino({ level: 'silent' }),
    );
    const ports = Object.values(service.ports);
    expect(new Set(ports).size).toBe(3);
    for (const [host, port] of Object.entries(service.ports)) {
      const res = await request(`http://127.0.0.1:${port}`).get('/openapi.yaml').expect(200);
      expect(res.text).toContain(`title: Tradelane API (${host} host)`);
      // Serving, but not ready: the empty data directory has no HTS release to import.
      const ready = await request(`http://127.0.0.1:${port}`).get('/readyz').expect(503);
      expect(ready.body.checks).toContainEqual({
        name: 'tariff_data',
        ok: false,
        detail: 'no HTS release imported yet',
      });
    }
  });

  it('serves all hosts on one port when PORT is set, choosing by the Host header', async () => {
    service = await startService(
      configFor({ PORT: '0', HOST_TARIFF: 'tariff.example.test', HOST_SITE: 'app.example.test', RUN_WORKER: 'false' }),
      pino({ level: 'silent' }),
    );
    const base = `http://127.0.0.1:${service.ports.main}`;
    const title = async (host: string) =>
      (await request(base).get('/openapi.yaml').set('Host', host).expect(200)).text.match(/title: (.*)/)?.[1];
    expect(await title('tariff.example.test')).toBe('Tradelane API (tariff host)');
    expect(await title('app.example.test:8443')).toBe('Tradelane API (site host)');
    expect(await title('anything.else')).toBe('Tradelane API (main host)');
  });

  it('lets an in-flight request finish on stop, then refuses new connections', async () => {
    service = await startService(
      configFor({ PORT_MAIN: '0', PORT_TARIFF: '0', PORT_SITE: '0' }),
      pino({ level: 'silent' }),
    );
    const port = service.ports.main;
    // A request whose body is still arriving when the stop begins: it is in flight, not idle.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ hts_code: '61-09', country_code: 'CN' });
    socket.write(
      `POST /api/tariff/public/calculate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = service.stop();
    service = undefined;
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write(body.slice(5));
    expect(await answered).toMatch(/^HTTP\/1\.1 400 /);
    await stopping;
    await expect(request(`http://127.0.0.1:${port}`).get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('writes the request log’s waiting records on stop, before the database closes', async () => {
    service = await startService(
      configFor({ PORT_MAIN: '0', PORT_TARIFF: '0', PORT_SITE: '0', REQUEST_LOG_FLUSH_MS: '60000' }),
      pino({ level: 'silent' }),
    );
    const signedUp = await request(`http://127.0.0.1:${service.ports.main}`)
      .post('/api/signup')
      .send({ email: `stop.${Date.now()}@example.com` })
      .expect(201);
    const keys = await request(`http://127.0.0.1:${service.ports.site}`)
      .get('/api/keys')
      .set('Authorization', `Bearer ${signedUp.body.api_key.secret}`)
      .expect(200);
    expect(await db.knex('request_logs').count({ n: '*' })).toEqual([{ n: 0 }]);
    await service.stop();
    service = undefined;
    const rows = await db.knex('request_logs').select('account_id', 'host', 'path', 'status', 'request_id');
    expect(rows).toEqual([
      {
        account_id: signedUp.body.account.id,
        host: 'site',
        path: '/api/keys',
        status: 200,
        request_id: keys.headers['x-request-id'],
      },
    ]);
  });
});

/** Starts the service on the empty data directory with its log captured, calls it, stops it; returns the log lines. */
async function loggedCalls(calls: (ports: RunningService['ports']) => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const db = await createTestDatabase({ migrate: false });
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) });
  const service = await startService(
    loadConfig({
      DATA_DIR: emptyDataDir,
      DATABASE_URL: db.url,
      BIND_ADDRESS: '127.0.0.1',
      PORT_MAIN: '0',
      PORT_TARIFF: '0',
      PORT_SITE: '0',
      RUN_WORKER: 'false',
    }),
    logger,
  );
  try {
    await calls(service.ports);
  } finally {
    await service.stop();
    await db.destroy();
  }
  return lines;
}

it('writes no credentials to its logs', async () => {
  const lines = await loggedCalls((ports) =>
    request(`http://127.0.0.1:${ports.site}`)
      .get('/healthz')
      .set('Authorization', 'Bearer tl_live_supersecretvalue')
      .set('X-API-Key', 'tl_live_anothersecret'),
  );
  const text = lines.join('');
  expect(text).toContain('"msg":"request completed"');
  expect(text).not.toContain('supersecretvalue');
  expect(text).not.toContain('anothersecret');
});

it('logs a readiness 503 during start-up as information, other 5xx as errors', async () => {
  const lines = await loggedCalls(async (ports) => {
    // The empty data directory has no HTS release: not ready, as during a first start's import.
    await request(`http://127.0.0.1:${ports.main}`).get('/readyz').expect(503);
    await request(`http://127.0.0.1:${ports.main}`)
      .post('/api/tariff/public/calculate')
      .send({ hts_code: '0101.21.00.10', country_code: 'MX' })
      .expect(503);
  });
  const access = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed');
  const levelOf = (url: string) => access.find((entry) => entry.req.url === url)?.level;
  expect(levelOf('/readyz')).toBe(30);
  expect(levelOf('/api/tariff/public/calculate')).toBe(50);
});
