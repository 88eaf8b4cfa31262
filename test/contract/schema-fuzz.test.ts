import path from 'node:path';
import request from 'supertest';
import { mulberry32 } from '../../bench/seeded-random';
import { projectRoot } from '../../src/config/paths';
import { sha256Hex } from '../../src/domain/access/secrets';
import { loadHostDocument } from '../../src/http/host-document';
import { HostName, hostNames } from '../../src/http/host-names';
import { accessTokenFor, businessAccount } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { fakeStripeBilling, startStripeFake, StripeFake } from '../support/stripe-fake';
import { operationRoutes } from '../support/status-log';

/**
 * Keeps the reliability audit's findings found (issue 34): a bounded, seeded, schema-driven run of
 * at least 5,000 requests over every operation of every host, with every kind of credential (none,
 * malformed, a live key, a test key, an OAuth access token, another account's key, the admin
 * token), bodies made from the operation's own example and then broken (wrong types, missing and
 * unknown fields, malformed JSON, other media types, deep nesting), odd path and query values and
 * odd headers (repeated Idempotency-Keys, conditional requests, versions, encodings). Every answer
 * must be a status the operation declares, never a 5xx, in a media type declared for that status
 * (problems as problem+json). It prints its counts; SCHEMA_FUZZ_SEED replays another sequence.
 * Multipart bodies are sent whole (malformed multipart is the upload reader's own test).
 */

const seed = Number(process.env.SCHEMA_FUZZ_SEED ?? 20261202);
const requestsPerOperation = 50;
const random = mulberry32(seed);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const chance = (p: number) => random() < p;

const adminToken = 'admin-token-for-the-fuzz-run';
let app: TestApp;
let stripe: StripeFake;
/** Credentials by name, as headers for a host. */
let credentials: Record<string, (host: HostName) => Record<string, string>>;
/** Real ids of the fuzzing account's resources, by path parameter name. */
const ids: Record<string, string[]> = {};

beforeAll(async () => {
  // Billing on, against a local Stripe: the fuzz reaches Checkout and the portal, not a 501.
  stripe = await startStripeFake();
  app = await createTestApp({
    billing: fakeStripeBilling(stripe),
    config: { trustProxy: true, adminTokenSha256: sha256Hex(adminToken) },
    withTariffData: ['hts_2026_revision_4_csv.csv'],
    withParcelData: path.join(projectRoot, 'data'),
  });
  const owner = await businessAccount(app);
  const other = await businessAccount(app);
  const site = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
  const post = (url: string, body: object) => request(app.hosts.site).post(url).set(site(owner.live)).send(body);
  // Every scope the spec defines, so a token reaches every operation that takes one (EDI's included).
  const scopes = (documents.site.components?.schemas as Record<string, { enum: string[] }>).OAuthScope.enum;
  const { clientId, token } = await accessTokenFor(app, owner.live, scopes);
  const shipment = (await post('/api/shipments', { reference: 'F-1', mode: 'ocean_fcl' }).expect(201)).body.id;
  const invoice = (await post('/api/invoices', { currency: 'USD' }).expect(201)).body.id;
  const document = (
    await request(app.hosts.site)
      .post('/api/documents')
      .set(site(owner.live))
      .field('type', 'other')
      .attach('file', Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), 'a.pdf')
      .expect(201)
  ).body.id;
  const keyId = (await request(app.hosts.site).get('/api/keys').set(site(owner.live)).expect(200)).body.data[0].id;
  Object.assign(ids, {
    shipment_id: [shipment],
    invoice_id: [invoice],
    document_id: [document],
    key_id: [keyId],
    client_id: [clientId],
    id: [shipment, invoice],
  });
  const asKey = (key: string) => (host: HostName) =>
    host === 'site' || chance(0.3) ? site(key) : { 'X-API-Key': key };
  credentials = {
    none: () => ({}),
    malformed: () =>
      pick<Record<string, string>>([
        { 'X-API-Key': `tl_live_${'Z'.repeat(32)}` },
        { Authorization: 'Bearer tl_test_%%%' },
        { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        { Authorization: 'Bearer' },
      ]),
    live: asKey(owner.live),
    test: asKey(owner.test),
    token: () => site(token),
    'other account': asKey(other.live),
    admin: (host) => ({ 'X-Admin-Token': adminToken, ...asKey(owner.live)(host) }),
  };
}, 300_000);
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const oddValues: readonly unknown[] = [
  null,
  '',
  'x',
  -1,
  0,
  1.5,
  1e308,
  true,
  [],
  {},
  [null],
  'a'.repeat(5000),
  '\u0000',
  'é漢🙂',
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  '2026-12-31T23:59:60Z',
  "' or 1=1 --",
  '%ZZ',
  '00000000000000000000001',
];
const oddPathValues = ['abc', 'x'.repeat(300), '0', '-1', 'é', 'shp_01abc', 'inv_zz', '..', '%ZZ', '%00'];
const oddQueryValues = ['', '-1', '1e400', 'Infinity', '0x10', '2026-02-30', 'x'.repeat(300), '%00', 'true'];
const oddHeaders: readonly Record<string, string>[] = [
  { 'Idempotency-Key': 'fuzz-shared' },
  { 'Idempotency-Key': 'fuzz-other' },
  { 'Idempotency-Key': 'x'.repeat(300) },
  { 'If-None-Match': '*' },
  { 'If-Modified-Since': new Date().toUTCString() },
  { 'Tradelane-Version': '1999-01-01' },
  { 'Tradelane-Version': '2026-11-22' },
  { Accept: 'text/csv' },
  { Accept: 'application/pdf' },
  { Accept: 'application/x-nothing' },
  { 'X-Request-Id': 'x'.repeat(500) },
  { 'X-Forwarded-For': 'not-an-ip, ::::' },
  { 'Accept-Encoding': 'br' },
];

type Schema = { $ref?: string; properties?: Record<string, Schema>; required?: string[]; type?: unknown };
interface Definition {
  parameters?: Array<{ $ref?: string; name?: string; in?: string; example?: unknown; schema?: Schema }>;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

const documents = Object.fromEntries(
  hostNames.map((host) => [host, loadHostDocument(host).document]),
) as unknown as Record<HostName, { components?: Record<string, Record<string, unknown>> }>;
const resolve =
  (host: HostName) =>
  <T>(node: T): T => {
    const ref = (node as { $ref?: string } | undefined)?.$ref;
    if (!ref) return node;
    const [, , section, name] = ref.split('/');
    return documents[host].components?.[section]?.[name] as T;
  };

/** The value broken somewhere: replaced, emptied, repeated, a field dropped or added. */
function broken(value: unknown, depth = 0): unknown {
  if (depth > 3 || chance(0.25)) return pick(oddValues);
  if (Array.isArray(value)) {
    if (value.length === 0 || chance(0.2)) return [];
    if (chance(0.2)) return Array.from({ length: 200 }, () => value[0]);
    return value.map((item) => (chance(0.5) ? broken(item, depth + 1) : item));
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...value };
    const names = Object.keys(copy);
    if (names.length > 0 && chance(0.3)) delete copy[pick(names)];
    if (names.length > 0) {
      const name = pick(names);
      copy[name] = broken(copy[name], depth + 1);
    }
    if (chance(0.1)) copy.unexpected_field = 1;
    return copy;
  }
  return pick(oddValues);
}

/** A URL component; a lone surrogate cannot be encoded, so it goes as bytes UTF-8 refuses. */
const component = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

interface Counts {
  requests: number;
  serverErrors: number;
  undeclared: number;
  byStatus: Record<string, number>;
}
const counts: Counts = { requests: 0, serverErrors: 0, undeclared: 0, byStatus: {} };
afterAll(() => {
  const statuses = Object.entries(counts.byStatus)
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(
    `schema fuzz (seed ${seed}): ${counts.requests} requests, ${counts.serverErrors} 5xx, ${counts.undeclared} undeclared (statuses ${statuses})`,
  );
});

const operations = hostNames.flatMap((host) => operationRoutes(host).map((route) => ({ host, ...route })));

describe.each(hostNames)('the %s host, fuzzed from its document', (host) => {
  it('answers every request with a declared status and media type, never a 5xx', async () => {
    // One line per kind of wrong answer (operation, status, problem type), with its count and a first example.
    const wrong = new Map<string, { count: number; example: string }>();
    const note = (kind: string, example: string) => {
      const seen = wrong.get(kind) ?? { count: 0, example };
      wrong.set(kind, { ...seen, count: seen.count + 1 });
    };
    for (const op of operations.filter((o) => o.host === host)) {
      const definition = op.definition as unknown as Definition;
      const parameters = (definition.parameters ?? []).map(resolve(host));
      const content = definition.requestBody?.content ?? {};
      const json = content['application/json'];
      const example = json?.example ?? Object.values(json?.examples ?? {})[0]?.value ?? {};
      for (let i = 0; i < requestsPerOperation; i++) {
        const credential = pick(Object.keys(credentials));
        const url =
          op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
            const roll = random();
            const example = parameters.find((p) => p.in === 'path' && p.name === name)?.example;
            if (roll < 0.4 && ids[name]) return pick(ids[name]);
            if (roll < 0.7 && example !== undefined) return component(String(example));
            return component(pick(oddPathValues));
          }) +
          (chance(0.4)
            ? `?${pick([...parameters.filter((p) => p.in === 'query').map((p) => p.name ?? ''), 'zz_unknown'])}=${component(pick(oddQueryValues))}`
            : '');
        // A second apart on the service's clock: the per-second limit never answers in the operation's place.
        app.clock.advance(1000);
        let call = request(app.hosts[host])
          [op.method.toLowerCase() as 'post'](url)
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .set(credentials[credential](host));
        if (chance(0.25)) call = call.set(pick(oddHeaders));
        const method = op.method.toLowerCase();
        if (method !== 'get' && method !== 'delete') {
          const roll = random();
          if (content['multipart/form-data'] && roll < 0.5)
            call = call
              .field('type', pick(['other', 'commercial_invoice', 'zz']))
              .attach('file', Buffer.from('a,b\n1,2\n'), 'a.csv');
          else if (content['application/x-www-form-urlencoded'] && roll < 0.5)
            call = call.type('form').send({ grant_type: pick(['client_credentials', 'password', '']), client_id: 'x' });
          else if (roll < 0.6)
            call = call.set('Content-Type', 'application/json').send(JSON.stringify(broken(example)) ?? 'null');
          else if (roll < 0.7) call = call.set('Content-Type', 'application/json').send(JSON.stringify(example));
          else if (roll < 0.78) call = call.set('Content-Type', 'application/json').send('{"a":');
          else if (roll < 0.84) call = call.set('Content-Type', 'text/plain').send('hello');
          else if (roll < 0.88)
            call = call.set('Content-Type', 'application/json').send('['.repeat(2000) + ']'.repeat(2000));
          else if (roll < 0.92)
            call = call.set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{}');
        }
        const res = await call;
        counts.requests += 1;
        counts.byStatus[res.status] = (counts.byStatus[res.status] ?? 0) + 1;
        const declared = resolve(host)(definition.responses[String(res.status)]);
        const mediaType = String(res.headers['content-type'] ?? '').split(';')[0];
        const declaredTypes = Object.keys(declared?.content ?? {});
        const who = `${op.method} ${url.slice(0, 100)} (${credential})`;
        const kind = `${op.operationId} ${res.status} ${res.body?.type ?? mediaType}`;
        if (res.status >= 500) {
          counts.serverErrors += 1;
          note(kind, `${who}: ${res.body?.detail ?? ''}`);
        } else if (declared === undefined) {
          counts.undeclared += 1;
          note(`${kind} undeclared`, who);
        } else if (declaredTypes.length > 0 && res.status !== 204 && !declaredTypes.includes(mediaType)) {
          counts.undeclared += 1;
          note(`${kind} not in ${declaredTypes.join(', ')}`, who);
        }
      }
    }
    expect([...wrong].map(([kind, { count, example }]) => `${kind} ×${count}, e.g. ${example}`)).toEqual([]);
  }, 120_000);
});

it('sends at least 5,000 requests over every operation', () => {
  expect(counts.requests).toBeGreaterThanOrEqual(5000);
  expect(new Set(operations.map((o) => o.operationId)).size).toBeGreaterThan(60);
});

// What the access layer may answer on its own (src/http/access.ts), declared wherever it can happen:
// an access token refused (403), and an Idempotency-Key's replay refused (409) or mismatched (422).
it('declares on every operation the statuses its access checks can answer', () => {
  const missing: string[] = [];
  for (const op of operations) {
    const security = (op.definition.security ?? []) as Array<Record<string, string[]>>;
    if (!security.some((r) => 'BearerAuth' in r)) continue;
    const needs = ['401', '403'];
    if (op.method === 'POST' && op.definition['x-idempotent'] !== false) needs.push('400', '409', '422');
    for (const status of needs)
      if (!op.statuses.includes(status)) missing.push(`${op.host} ${op.operationId} ${status}`);
  }
  expect(missing).toEqual([]);
});
