import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { accessLog } from '../../src/http/access-log';

function loggedApp() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = express();
  app.use(accessLog(logger));
  return { app, lines };
}

it('logs one line per completed request with its id, status and time, and binds req.log to the request', async () => {
  const { app, lines } = loggedApp();
  app.get('/ok', (req, res) => {
    req.log.info('handled');
    res.status(201).json({ ok: true });
  });
  const res = await request(app).get('/ok').set('X-Request-Id', 'req_given').expect(201);
  expect(res.headers['x-request-id']).toBe('req_given');
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines.find((line) => line.msg === 'handled')).toMatchObject({
    req: { id: 'req_given', method: 'GET', url: '/ok' },
  });
  const access = lines.filter((line) => line.msg === 'request completed');
  expect(access).toHaveLength(1);
  expect(access[0]).toMatchObject({
    level: 30,
    req: { id: 'req_given', method: 'GET', url: '/ok' },
    res: { status: 201 },
    responseTime: expect.any(Number),
  });
});

it('logs a request whose client went away before the answer as aborted (499)', async () => {
  const { app, lines } = loggedApp();
  let arrived!: () => void;
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/slow', () => arrived());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const client = http.get({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', path: '/slow' });
    client.on('error', () => undefined);
    await waiting;
    client.destroy();
    for (let i = 0; i < 50 && !lines.some((line) => line.msg === 'request aborted'); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    server.closeAllConnections();
    server.close();
  }
  expect(lines.filter((line) => String(line.msg).startsWith('request '))).toEqual([
    expect.objectContaining({ msg: 'request aborted', level: 40, res: { status: 499 } }),
  ]);
});

it('never logs the value of a secret-looking query parameter', async () => {
  const { app, lines } = loggedApp();
  app.get('/search', (req, res) => {
    req.log.info('handled');
    res.json({ ok: true });
  });
  const key = 'tl_live_' + 'S'.repeat(32);
  // Not hex, so a random request id can never contain it by chance (CI once saw 'abc' inside req_…abc…).
  const token = 'oauth-token-qz';
  await request(app)
    .get(`/search?q=shirts&api_key=${key}&access_token=${token}&X-API-Key=${key}&limit=5&password=hunter2`)
    .expect(200);
  await new Promise((resolve) => setImmediate(resolve));
  const text = JSON.stringify(lines);
  for (const secret of [key, token, 'hunter2']) expect(text).not.toContain(secret);
  const access = lines.find((line) => line.msg === 'request completed') as { req: { url: string } };
  expect(access.req.url).toBe('/search?q=shirts&api_key=***&access_token=***&X-API-Key=***&limit=5&password=***');
});
