import { execFile } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createHostServer } from '../../src/http/host-server';

async function listening(server: ReturnType<typeof createHostServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createHostServer', () => {
  it('passes each request to the app chosen for it, with req.app and res.app naming that app and Express working as usual', async () => {
    const apps = ['a', 'b'].map((name) => {
      const app = express();
      app.set('trust proxy', true);
      app.get('/who', (req, res) => {
        res.json({
          name,
          reqApp: req.app === app,
          resApp: res.app === app,
          ip: req.ip,
          query: req.query,
          path: req.path,
        });
      });
      return app;
    });
    const bornWithAppPrototype: boolean[] = [];
    const server = createHostServer(apps, (req) => {
      const app = req.headers['x-app'] === 'b' ? apps[1] : apps[0];
      // Born with the prototype Express gives it: its setPrototypeOf has nothing to change.
      bornWithAppPrototype.push(Object.getPrototypeOf(req) === app.request);
      return app;
    });
    const base = await listening(server);
    try {
      for (const name of ['a', 'b']) {
        const response = await fetch(`${base}/who?x=1&y=two`, {
          headers: { 'x-app': name, 'x-forwarded-for': '203.0.113.9' },
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          name,
          reqApp: true,
          resApp: true,
          ip: '203.0.113.9',
          query: { x: '1', y: 'two' },
          path: '/who',
        });
      }
      const missing = await fetch(`${base}/nowhere`);
      expect(missing.status).toBe(404);
      expect(bornWithAppPrototype).toEqual([true, true, true]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('gives requests and responses that took the same path the same hidden class, which Node’s own server does not (V8 natives, in a child process)', async () => {
    const child = path.join(__dirname, '..', 'support', 'hidden-classes-child.ts');
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--allow-natives-syntax', '--import', 'tsx', child],
        { timeout: 60_000 },
        (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(stdout)),
      );
    });
    expect(JSON.parse(output)).toEqual({
      hostServer: { request: true, response: true },
      nodeServer: { request: false, response: false },
    });
  });
});
