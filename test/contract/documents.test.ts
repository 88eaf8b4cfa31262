import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { OutboxEventRepository } from '../../src/db/repositories/outbox-event.repository';
import { maxDocumentBytes } from '../../src/domain/documents/limits';
import { binaryBody, businessAccount, siteClient } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { testDialect } from '../support/database';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-documents-'));
let app: TestApp;
beforeAll(async () => {
  process.env.DOCUMENT_STORAGE_DIR = storageDir;
  app = await createTestApp({ config: { trustProxy: true } });
  delete process.env.DOCUMENT_STORAGE_DIR;
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

/** Files by their real content: each starts as its format says it must. */
const files = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(64)]),
  csv: Buffer.from('container,seal,weight_kg\nMSKU1234565,ML-1234,18000\nCSQU3054383,ML-1235,17500\n'),
  x12: Buffer.from(
    `ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *261125*1200*U*00401*000000001*0*P*>~GS*QO*SENDER*RECEIVER*20261125*1200*1*X*004010~ST*315*0001~`,
  ),
  edifact: Buffer.from("UNA:+.? 'UNB+UNOC:3+SENDER+RECEIVER+261125:1200+1'UNH+1+IFTSTA:D:99B:UN'"),
  xlsx: Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('....[Content_Types].xml....xl/workbook.xml....'),
  ]),
};

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const storedFiles = () =>
  fs.existsSync(storageDir)
    ? fs
        .readdirSync(storageDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

function upload(
  app_: TestApp,
  secret: string,
  file: Buffer,
  fields: Record<string, string>,
  options: { filename?: string; contentType?: string } = {},
) {
  app_.clock.advance(50);
  const req = request(app_.hosts.site).post('/api/documents').set('Authorization', `Bearer ${secret}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return req.attach('file', file, {
    filename: options.filename ?? 'file.bin',
    contentType: options.contentType ?? 'application/octet-stream',
  });
}

describe(`documents on ${testDialect}`, () => {
  test('an upload is typed by its content, hashed, stored on disk, downloadable as uploaded; deleting removes record and file', async () => {
    const { live, accountId } = await businessAccount(app);
    const shipment = (await siteClient(app, live).post('/api/shipments', { mode: 'ocean_fcl' }).expect(201)).body.id;
    const created = await upload(
      app,
      live,
      files.pdf,
      { type: 'commercial_invoice', shipment_id: shipment },
      { filename: '../../CI 4711 ü.pdf', contentType: 'application/pdf' },
    ).expect(201);
    expect(created.headers.location).toBe(`/api/documents/${created.body.id}`);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^doc_/),
      object: 'document',
      livemode: true,
      type: 'commercial_invoice',
      shipment_id: shipment,
      filename: 'CI 4711 ü.pdf',
      content_type: 'application/pdf',
      size_bytes: files.pdf.length,
      sha256: sha256(files.pdf),
      created_at: app.clock.now().toISOString(),
      updated_at: app.clock.now().toISOString(),
    });
    const id = created.body.id;
    expect((await siteClient(app, live).get(`/api/documents/${id}`).expect(200)).body).toEqual(created.body);
    const content = await siteClient(app, live)
      .get(`/api/documents/${id}/content`)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.headers['content-disposition']).toBe(
      `attachment; filename="CI 4711 _.pdf"; filename*=UTF-8''CI%204711%20%C3%BC.pdf`,
    );
    expect(content.headers['x-content-sha256']).toBe(sha256(files.pdf));
    expect(Buffer.compare(content.body, files.pdf)).toBe(0);
    expect(storedFiles()).toContain(id);

    expect(
      (await siteClient(app, live).get(`/api/documents?shipment_id=${shipment}`).expect(200)).body.data.map(
        (d: { id: string }) => d.id,
      ),
    ).toEqual([id]);
    expect((await siteClient(app, live).get('/api/documents?type=packing_list').expect(200)).body.data).toEqual([]);

    await siteClient(app, live).delete(`/api/documents/${id}`).expect(204);
    await siteClient(app, live).get(`/api/documents/${id}`).expect(404);
    await siteClient(app, live).get(`/api/documents/${id}/content`).expect(404);
    await siteClient(app, live).delete(`/api/documents/${id}`).expect(404);
    expect(storedFiles()).not.toContain(id);
    const events = await new OutboxEventRepository(app.db.knex).listForSubject('document', id);
    expect(events.map((e) => [e.type, e.accountId, e.livemode])).toEqual([
      ['document.created', accountId, true],
      ['document.deleted', accountId, true],
    ]);
    expect((events[0].data as { object: unknown }).object).toEqual(created.body);
  });

  test('each accepted type is recognised whatever it is called; anything else is 415 naming the accepted types', async () => {
    const { test } = await businessAccount(app);
    const expected: Record<keyof typeof files, string> = {
      pdf: 'application/pdf',
      png: 'image/png',
      jpeg: 'image/jpeg',
      csv: 'text/csv',
      x12: 'application/edi-x12',
      edifact: 'application/edifact',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    for (const [name, data] of Object.entries(files) as Array<[keyof typeof files, Buffer]>) {
      expect(
        (
          await upload(
            app,
            test,
            data,
            { type: 'other' },
            { filename: 'misnamed.txt', contentType: 'text/plain' },
          ).expect(201)
        ).body,
      ).toMatchObject({ content_type: expected[name], livemode: false });
    }
    const before = storedFiles().length;
    for (const data of [
      Buffer.from('MZ\x90\x00 this is a Windows program'),
      Buffer.from('Just a note without any columns.\n'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
    ]) {
      const refused = await upload(
        app,
        test,
        data,
        { type: 'other' },
        { filename: 'invoice.pdf', contentType: 'application/pdf' },
      ).expect(415);
      expect(refused.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/unsupported-media-type',
        detail:
          "The file's content is none of the accepted types (limit accepted_document_types): PDF, PNG, JPEG, TIFF, WebP, XLSX, CSV, EDI (X12, EDIFACT).",
      });
    }
    expect(storedFiles().length).toBe(before);
  });

  test('over 20 MiB is 413 naming the limit, two files too; an empty file, a missing type or part is 400; nothing is stored', async () => {
    const { live } = await businessAccount(app);
    const before = storedFiles().length;
    const big = Buffer.alloc(maxDocumentBytes + 1, 0x20);
    files.pdf.copy(big);
    const tooLarge = await upload(app, live, big, { type: 'other' }).expect(413);
    expect(tooLarge.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/payload-too-large',
      detail: 'The file is larger than the limit of 20971520 bytes (20 MiB, limit max_document_bytes).',
    });
    const two = await upload(app, live, files.pdf, { type: 'other' })
      .attach('file', files.csv, 'second.csv')
      .expect(413);
    expect(two.body.detail).toBe('One file per upload (limit max_document_files).');
    expect((await upload(app, live, Buffer.alloc(0), { type: 'other' }).expect(400)).body.errors).toEqual([
      { pointer: '/body/file', message: 'The file is empty.' },
    ]);
    expect((await upload(app, live, files.pdf, {}).expect(400)).body.type).toBe(
      'https://docs.tradelane.dev/problems/validation-failed',
    );
    expect((await upload(app, live, files.pdf, { type: 'passport' }).expect(400)).body.type).toBe(
      'https://docs.tradelane.dev/problems/validation-failed',
    );
    await request(app.hosts.site)
      .post('/api/documents')
      .set('Authorization', `Bearer ${live}`)
      .field('type', 'other')
      .expect(400);
    expect(storedFiles().length).toBe(before);
  });

  test("a shipment of another account or mode is 404; another account's document is 404", async () => {
    const owner = await businessAccount(app);
    const shipment = (await siteClient(app, owner.live).post('/api/shipments', { mode: 'air' }).expect(201)).body.id;
    const refused = await upload(app, owner.test, files.csv, { type: 'packing_list', shipment_id: shipment }).expect(
      404,
    );
    expect(refused.body.errors).toEqual([
      { pointer: '/body/shipment_id', message: `No shipment ${shipment} in this account.` },
    ]);
    const id = (await upload(app, owner.live, files.csv, { type: 'packing_list' }).expect(201)).body.id;
    const other = await businessAccount(app);
    for (const client of [siteClient(app, other.live), siteClient(app, owner.test)]) {
      await client.get(`/api/documents/${id}`).expect(404);
      await client.get(`/api/documents/${id}/content`).expect(404);
      await client.delete(`/api/documents/${id}`).expect(404);
    }
  });

  test('a record that cannot be written takes its stored file with it', async () => {
    const { live } = await businessAccount(app);
    const before = storedFiles().length;
    await app.db.knex.schema.renameTable('documents', 'documents_away');
    try {
      await upload(app, live, files.png, { type: 'other' }).expect(500);
    } finally {
      await app.db.knex.schema.renameTable('documents_away', 'documents');
    }
    expect(storedFiles().length).toBe(before);
    expect(storedFiles().some((name) => name.endsWith('.partial'))).toBe(false);
  });

  test('Idempotency-Key: the same upload replays; another file under the same key is 422', async () => {
    const { live } = await businessAccount(app);
    const first = await upload(app, live, files.csv, { type: 'other' }).set('Idempotency-Key', 'doc-1').expect(201);
    const replay = await upload(app, live, files.csv, { type: 'other' }).set('Idempotency-Key', 'doc-1').expect(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    await upload(app, live, files.pdf, { type: 'other' }).set('Idempotency-Key', 'doc-1').expect(422);
  });

  test('429 on every document operation past the per-second limit', async () => {
    const { live } = await businessAccount(app);
    const id = (await upload(app, live, files.csv, { type: 'other' }).expect(201)).body.id;
    app.clock.advance(1000);
    const auth = { Authorization: `Bearer ${live}` };
    for (let i = 0; i < 25; i++) await request(app.hosts.site).get(`/api/documents/${id}`).set(auth).expect(200);
    const site = request(app.hosts.site);
    for (const call of [
      site.get('/api/documents'),
      site.post('/api/documents').field('type', 'other').attach('file', files.csv, 'a.csv'),
      site.get(`/api/documents/${id}`),
      site.get(`/api/documents/${id}/content`),
      site.delete(`/api/documents/${id}`),
    ]) {
      expect((await call.set(auth).expect(429)).body.type).toBe('https://docs.tradelane.dev/problems/rate-limited');
    }
  });
});

describe('documents in S3-compatible storage', () => {
  test('are put, read and deleted through the S3 API (path style, on a local S3 server)', async () => {
    const objects = new Map<string, { body: Buffer; type: string | undefined }>();
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const key = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
          res.writeHead(200, { ETag: '"etag"' }).end();
        } else if (req.method === 'GET' && objects.has(key)) {
          res
            .writeHead(200, { 'Content-Type': objects.get(key)?.type ?? 'application/octet-stream' })
            .end(objects.get(key)?.body);
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else {
          res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const env = {
      DOCUMENT_STORAGE: 's3',
      DOCUMENT_S3_BUCKET: 'tradelane-docs',
      DOCUMENT_S3_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      DOCUMENT_S3_PREFIX: 'test/',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local-secret',
    };
    Object.assign(process.env, env);
    // The SDK reads its credentials from the environment at the first call.
    const s3App = await createTestApp({ config: { trustProxy: true } });
    try {
      const { live, accountId } = await businessAccount(s3App);
      const created = (await upload(s3App, live, files.x12, { type: 'customs_entry' }).expect(201)).body;
      const key = `/tradelane-docs/test/${accountId}/live/${created.id}`;
      expect(objects.get(key)).toEqual({ body: files.x12, type: 'application/edi-x12' });
      const content = await siteClient(s3App, live)
        .get(`/api/documents/${created.id}/content`)
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      expect(Buffer.compare(content.body, files.x12)).toBe(0);
      await siteClient(s3App, live).delete(`/api/documents/${created.id}`).expect(204);
      expect(objects.has(key)).toBe(false);
    } finally {
      for (const name of Object.keys(env)) delete process.env[name];
      await s3App.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
