import zlib from 'node:zlib';
import request from 'supertest';
import { loadHostDocument } from '../../src/http/host-document';
import { HostName, hostNames } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';
import { fakeStripeBilling, startStripeFake, StripeFake } from '../support/stripe-fake';
import { setPlan, signUp } from '../support/accounts';
import { operationRoutes } from '../support/status-log';

/**
 * A bounded, schema-driven negative run over every operation of every host: bad headers, content
 * encodings and bodies, and each body field and parameter given values of the wrong kind. No
 * answer may be a server failure (a 503 only when the operation's reference data is not loaded, as
 * here, and declared); every answer is a status the operation declares. Cases are derived from the
 * spec and fixed, so a failure reproduces.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
};
type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> };
type Parameter = { name: string; in: string; example?: unknown; schema?: Schema; $ref?: string };
type Operation = {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, MediaType> };
  parameters?: Parameter[];
};

let app: TestApp;
let stripe: StripeFake;
let testKey: string;
beforeAll(async () => {
  // Billing on, against a local Stripe: bad input reaches Checkout and the portal, not a 501.
  stripe = await startStripeFake();
  app = await createTestApp({ billing: fakeStripeBilling(stripe), config: { trustProxy: true } });
  const account = await signUp(app);
  await setPlan(app, account.email, 'business');
  testKey = (
    await request(app.hosts.site)
      .post('/api/keys')
      .set('Authorization', `Bearer ${account.key}`)
      .send({ mode: 'test' })
      .expect(201)
  ).body.secret;
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const documents = Object.fromEntries(
  hostNames.map((host) => [host, loadHostDocument(host).document]),
) as unknown as Record<HostName, { components?: Record<string, Record<string, unknown>> }>;

function resolver(host: HostName) {
  const document = documents[host];
  return <T>(node: T): T => {
    const ref = (node as { $ref?: string } | undefined)?.$ref;
    if (!ref) return node;
    const [, , section, name] = ref.split('/');
    return document.components?.[section]?.[name] as T;
  };
}

/** Values of the wrong kind (and edge values of the right one) for a field. */
const oddValues: unknown[] = [null, -1, 1e308, 'x'.repeat(5000), '\u0000', [], {}];
const oddQueryValues = ['Infinity', '1e400', '0x64', '-1', '', '%00', 'x'.repeat(3000)];
const oddPathValues = ['%00', '%ZZ', '..%2F..', 'x'.repeat(600)];
const fieldCasesPerOperation = 16;

interface Case {
  name: string;
  /** Cases about credentials are sent as they are; the others with an account's key, to pass authentication. */
  anonymous?: boolean;
  query?: string;
  pathValue?: string;
  headers?: Record<string, string>;
  /** A raw body (sent as is) or a JSON value. */
  raw?: Buffer | string;
  json?: unknown;
}

function casesOf(host: HostName, operation: Operation): Case[] {
  const resolve = resolver(host);
  const media = operation.requestBody?.content['application/json'];
  const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value ?? {};
  const text = JSON.stringify(example);
  const cases: Case[] = [
    { name: 'garbage X-API-Key', anonymous: true, headers: { 'X-API-Key': 'tl_live_%%%%' } },
    { name: 'overlong X-API-Key', anonymous: true, headers: { 'X-API-Key': 'tl_test_' + 'A'.repeat(4000) } },
    {
      name: 'Basic with a bad percent-escape',
      anonymous: true,
      headers: { Authorization: `Basic ${Buffer.from('%zz:%%').toString('base64')}` },
    },
    { name: 'Basic not base64', anonymous: true, headers: { Authorization: 'Basic ***' } },
    { name: 'empty Bearer', anonymous: true, headers: { Authorization: 'Bearer ' } },
    {
      name: 'Bearer of an access token shape',
      anonymous: true,
      headers: { Authorization: 'Bearer tl_at_live_' + 'Z'.repeat(32) },
    },
    { name: 'bad Idempotency-Key', headers: { 'Idempotency-Key': 'x'.repeat(300) } },
    { name: 'bad X-Forwarded-For', headers: { 'X-Forwarded-For': 'not-an-ip, ::::, 999.1.1.1' } },
    { name: 'odd Accept', headers: { Accept: 'application/x-nothing' } },
    { name: 'odd Tradelane-Version', headers: { 'Tradelane-Version': '1999-13-45' } },
    { name: 'unknown query parameter', query: 'zz=1' },
    { name: 'query parameter twice', query: 'limit=1&limit=2' },
  ];
  for (const parameter of (operation.parameters ?? []).map(resolve)) {
    if (parameter.in === 'query')
      for (const value of oddQueryValues)
        cases.push({ name: `query ${parameter.name}=${value.slice(0, 12)}`, query: `${parameter.name}=${value}` });
  }
  if ((operation.parameters ?? []).map(resolve).some((p) => p.in === 'path'))
    for (const value of oddPathValues) cases.push({ name: `path ${value.slice(0, 12)}`, pathValue: value });
  if (!operation.requestBody) return cases;
  for (const encoding of ['gzip', 'deflate', 'br'])
    cases.push({
      name: `Content-Encoding ${encoding}, not compressed`,
      headers: { 'Content-Encoding': encoding, 'Content-Type': 'application/json' },
      raw: text,
    });
  cases.push({
    name: 'gzip, truncated',
    headers: { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' },
    raw: zlib.gzipSync(text).subarray(0, 10),
  });
  cases.push({
    name: 'gzip of not JSON',
    headers: { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' },
    raw: zlib.gzipSync('{"a":'),
  });
  cases.push({
    name: 'unknown Content-Encoding',
    headers: { 'Content-Encoding': 'compress', 'Content-Type': 'application/json' },
    raw: text,
  });
  cases.push({ name: 'text/plain', headers: { 'Content-Type': 'text/plain' }, raw: text });
  cases.push({
    name: 'JSON with a bad charset',
    headers: { 'Content-Type': 'application/json; charset=utf-7' },
    raw: text,
  });
  cases.push({ name: 'malformed JSON', headers: { 'Content-Type': 'application/json' }, raw: '{"a": [1, 2' });
  cases.push({
    name: 'invalid UTF-8',
    headers: { 'Content-Type': 'application/json' },
    raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  });
  cases.push({
    name: 'deep nesting',
    headers: { 'Content-Type': 'application/json' },
    raw: '['.repeat(5000) + ']'.repeat(5000),
  });
  cases.push({
    name: '__proto__ member',
    headers: { 'Content-Type': 'application/json' },
    raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
  });
  for (const value of [null, [], 'text', 42])
    cases.push({
      name: `body ${JSON.stringify(value)}`,
      headers: { 'Content-Type': 'application/json' },
      raw: JSON.stringify(value),
    });
  const schema = resolve(
    media?.schema ?? operation.requestBody.content['application/x-www-form-urlencoded']?.schema ?? {},
  );
  if (example && typeof example === 'object' && !Array.isArray(example)) {
    const fieldCases: Case[] = [];
    for (const field of Object.keys({ ...schema.properties, ...example })) {
      for (const value of oddValues)
        fieldCases.push({
          name: `${field} = ${JSON.stringify(value)?.slice(0, 12)}`,
          json: { ...example, [field]: value },
        });
      const { [field]: _dropped, ...without } = example as Record<string, unknown>;
      fieldCases.push({ name: `without ${field}`, json: without });
    }
    // A fixed stride through the field cases keeps the run to seconds; NEGATIVE_FUZZ=full sends them all.
    const step =
      process.env.NEGATIVE_FUZZ === 'full' ? 1 : Math.max(1, Math.ceil(fieldCases.length / fieldCasesPerOperation));
    cases.push(...fieldCases.filter((_, i) => i % step === 0), {
      name: 'unknown member',
      json: { ...example, zz_unknown: 1 },
    });
  }
  return cases;
}

function exampleUrl(host: HostName, path: string, operation: Operation, pathValue?: string): string {
  const resolve = resolver(host);
  const parameters = (operation.parameters ?? []).map(resolve);
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (pathValue !== undefined) return pathValue;
    const example = parameters.find((p) => p.in === 'path' && p.name === name)?.example;
    return example === undefined ? 'x_unknown' : encodeURIComponent(String(example));
  });
}

const operations = hostNames.flatMap((host) =>
  operationRoutes(host).map((route) => ({ host, ...route, operation: route.definition })),
);

describe.each(operations.map((op) => [op.host, op.operationId, op] as const))(
  '%s %s under bad input',
  (host, _id, op) => {
    it('never fails with a server error, and answers only declared statuses', async () => {
      const failures: string[] = [];
      // With a test key of a business account (every operation, sandbox upstreams), but the cases about credentials.
      const runs = casesOf(host, op.operation).map((c) => ({
        c,
        credential: c.anonymous ? {} : { 'X-API-Key': testKey, Authorization: `Bearer ${testKey}` },
      }));
      {
        for (const { c, credential } of runs) {
          const url = exampleUrl(host, op.path, op.operation, c.pathValue) + (c.query ? `?${c.query}` : '');
          const req = request(app.hosts[host])
            [op.method.toLowerCase() as 'post'](url)
            .set({ ...credential, ...c.headers });
          const res = await (c.raw !== undefined
            ? req.send(c.raw)
            : c.json !== undefined
              ? req.send(c.json as object)
              : req);
          const notReady = res.status === 503 && res.body?.type === 'https://docs.tradelane.dev/problems/not-ready';
          const who = `${c.name} (${Object.keys(credential).length ? 'key' : 'no key'})`;
          if ((res.status >= 500 && !notReady) || !op.statuses.includes(String(res.status)))
            failures.push(`${who}: ${res.status} ${res.body?.type ?? ''} ${res.body?.detail ?? ''}`);
          else if (res.status >= 400 && !/^application\/problem\+json/.test(res.headers['content-type'] ?? ''))
            failures.push(`${who}: ${res.status} answered as ${res.headers['content-type']}, not problem+json`);
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  },
);
