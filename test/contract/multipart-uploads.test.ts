import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { businessAccount } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';

// Multipart bodies broken as an attacker or a faulty client would send them, to both upload
// operations: each is a 4xx problem naming what is wrong, never a 500. Files are streamed to the
// upload directory while the request runs, and nothing is left there after it.
const uploadTempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-upload-test-'));
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-upload-documents-'));
let app: TestApp;
let secret: string;
beforeAll(async () => {
  process.env.DOCUMENT_STORAGE_DIR = storageDir;
  app = await createTestApp({ config: { uploadTempDir } });
  delete process.env.DOCUMENT_STORAGE_DIR;
  secret = (await businessAccount(app)).live;
});
afterAll(async () => {
  await app?.close();
  for (const dir of [uploadTempDir, storageDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** The upload directory's files, once the removals that follow a response have run (at most 2 s). */
async function leftInTempDir(): Promise<string[]> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const left = fs.readdirSync(uploadTempDir);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
afterEach(async () => expect(await leftInTempDir()).toEqual([]));

const boundary = 'tradelane-boundary';
const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
const csv = 'hts_code,country_code,value\n6109.10.0012,CN,100\n';
const fields = (operation: 'bulk' | 'document') =>
  operation === 'document' ? part('Content-Disposition: form-data; name="type"', 'commercial_invoice') : '';
const filePart = (extraHeaders = '') =>
  part(
    `Content-Disposition: form-data; name="file"; filename="lines.csv"\r\nContent-Type: text/csv${extraHeaders}`,
    csv,
  );
const whole = (operation: 'bulk' | 'document') => `${fields(operation)}${filePart()}--${boundary}--\r\n`;

const targets = {
  bulk: () => request(app.hosts.tariff).post('/api/tariff/bulk-jobs'),
  document: () => request(app.hosts.site).post('/api/documents'),
};

function send(operation: 'bulk' | 'document', body: string | Buffer, headers: Record<string, string> = {}) {
  app.clock.advance(50);
  const call = targets[operation]()
    .set('Authorization', `Bearer ${secret}`)
    .set('Content-Type', `multipart/form-data; boundary=${boundary}`);
  for (const [name, value] of Object.entries(headers)) call.set(name, value);
  return call.send(Buffer.from(body));
}

const expectProblem = (res: request.Response, status: number, type: string) => {
  expect({ status: res.status, type: res.body.type, contentType: res.headers['content-type'] }).toEqual({
    status,
    type: `https://docs.tradelane.dev/problems/${type}`,
    contentType: expect.stringContaining('application/problem+json'),
  });
};

describe.each(['bulk', 'document'] as const)('a malformed multipart upload (%s)', (operation) => {
  it('is read when well formed (the baseline the broken ones differ from)', async () => {
    const res = await send(operation, whole(operation));
    expect(res.status).toBe(operation === 'bulk' ? 202 : 201);
  });

  it('answers a truncated body 400, saying the body ended early', async () => {
    const full = whole(operation);
    const res = await send(operation, full.slice(0, full.length - 40));
    expectProblem(res, 400, 'validation-failed');
    expect(res.body.detail).toMatch(/multipart/i);
  });

  it('answers a body whose parts use another boundary than its Content-Type names 400', async () => {
    const res = await send(operation, whole(operation).replaceAll(boundary, 'another-boundary'));
    expectProblem(res, 400, 'validation-failed');
  });

  it('answers a Content-Type without a boundary 400', async () => {
    const res = await targets[operation]()
      .set('Authorization', `Bearer ${secret}`)
      .set('Content-Type', 'multipart/form-data')
      .send(Buffer.from(whole(operation)));
    expectProblem(res, 400, 'validation-failed');
  });

  it('answers a part whose header is 200 KB 400', async () => {
    const body = `${fields(operation)}${filePart(`\r\nX-Padding: ${'a'.repeat(200 * 1024)}`)}--${boundary}--\r\n`;
    const res = await send(operation, body);
    expectProblem(res, 400, 'validation-failed');
    expect(res.body.detail).toMatch(/header/i);
  });

  it('answers a gzip-encoded multipart body 415, naming the encoding', async () => {
    const res = await send(operation, zlib.gzipSync(whole(operation)), { 'Content-Encoding': 'gzip' });
    expectProblem(res, 415, 'unsupported-media-type');
    expect(res.body.detail).toContain('gzip');
  });
});

describe('an upload in progress', () => {
  it('is on disk as it arrives, not held in memory, and removed once answered', async () => {
    const server = http.createServer(app.hosts.site).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const head = `${fields('document')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const line = '6109.10.0012,CN,100\n';
      const half = `hts_code,country_code,value\n${line.repeat(100_000)}`;
      const tail = `${line.repeat(100_000)}\r\n--${boundary}--\r\n`;
      app.clock.advance(50);
      const sent = http.request({
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        method: 'POST',
        path: '/api/documents',
        headers: {
          Authorization: `Bearer ${secret}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': Buffer.byteLength(head + half + tail),
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        sent.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        sent.on('error', reject);
      });
      sent.write(head + half);
      // The first half (2 MB) reaches the temporary file before the rest is sent.
      const deadline = Date.now() + 5000;
      let onDisk = 0;
      while (onDisk < half.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        onDisk = fs
          .readdirSync(uploadTempDir)
          .reduce((sum, f) => sum + fs.statSync(path.join(uploadTempDir, f)).size, 0);
      }
      expect(onDisk).toBe(half.length);
      sent.end(tail);
      expect(await answered).toBe(201);
    } finally {
      server.close();
    }
  });
});
