import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import YAML from 'yaml';
import { mulberry32 } from '../../bench/seeded-random';
import { projectRoot } from '../../src/config/paths';
import type { HostName } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';
import { fakeStripeBilling, startStripeFake, StripeFake } from '../support/stripe-fake';
import { signUpOnPlan } from '../support/accounts';

// Every operation of every host, sent malformed requests (bodies made from its own documented
// example, then broken: wrong types, nulls, huge or odd strings, missing and extra fields, broken
// JSON, other media types; odd path and query values and headers): each answer is an RFC 9457
// problem, never a 5xx. The generator is seeded, so a failure is reproduced by the same run.
let app: TestApp;
let stripe: StripeFake;
let key: string;
beforeAll(async () => {
  // Billing on, against a local Stripe: requests reach Checkout and the portal, not a 501.
  stripe = await startStripeFake();
  app = await createTestApp({
    billing: fakeStripeBilling(stripe),
    config: { trustProxy: true },
    withTariffData: ['hts_2026_revision_4_csv.csv'],
    withParcelData: path.join(projectRoot, 'data'),
  });
  // The widest plan, so requests reach validation and the handlers instead of stopping at entitlement.
  key = (await signUpOnPlan(app, 'business')).key;
}, 300_000);
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const requestsPerOperation = 30;
const random = mulberry32(20261126);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];

const oddValues: readonly unknown[] = [
  null,
  '',
  ' ',
  'x',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  true,
  false,
  [],
  {},
  [null],
  { a: 1 },
  'a'.repeat(10_000),
  '\u0000',
  '\ud800',
  'é漢🙂',
  '1970-01-01',
  '2026-02-30',
  '9999-12-31',
  '../../etc/passwd',
  '<script>',
  "' or 1=1 --",
  '%ZZ',
  'NaN',
  '-0',
  '00000000000000000000001',
];
const oddPathValues = ['abc', 'x'.repeat(300), '0', '-1', 'é', 'null', 'shp_01abc', '..', ' ', '%ZZ'];
const oddQueryNames = ['limit', 'cursor', 'starting_after', 'q', 'date', 'expand[]', 'status', 'unknown'];
const oddHeaders = [
  'Idempotency-Key',
  'Tradelane-Version',
  'Accept',
  'Content-Encoding',
  'X-Request-Id',
  'Accept-Language',
];
const oddHeaderValues = [
  '',
  'x'.repeat(500),
  'gzip',
  '2026-11-22',
  '1999-01-01',
  '*/*',
  'text/csv',
  'application/pdf',
  'é',
];

/** The value broken somewhere: replaced, emptied, repeated, a field dropped or added. */
function broken(value: unknown, depth = 0): unknown {
  if (depth > 3 || random() < 0.25) return pick(oddValues);
  if (Array.isArray(value)) {
    if (value.length === 0 || random() < 0.2) return [];
    if (random() < 0.2) return Array.from({ length: 200 }, () => value[0]);
    return value.map((item) => (random() < 0.5 ? broken(item, depth + 1) : item));
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...value };
    const names = Object.keys(copy);
    if (names.length > 0 && random() < 0.3) delete copy[pick(names)];
    if (names.length > 0) {
      const name = pick(names);
      copy[name] = broken(copy[name], depth + 1);
    }
    if (random() < 0.1) copy.unexpected_field = 1;
    return copy;
  }
  return pick(oddValues);
}

interface OperationDefinition {
  operationId: string;
  requestBody?: { content?: Record<string, { example?: unknown; examples?: Record<string, { value?: unknown }> }> };
}

function exampleBody(operation: OperationDefinition): unknown {
  const json = operation.requestBody?.content?.['application/json'];
  if (!json) return {};
  return json.example ?? Object.values(json.examples ?? {})[0]?.value ?? {};
}

/** A URL component; a lone surrogate cannot be encoded, so it goes as the bytes UTF-8 would refuse. */
const component = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The host's own view of the spec, as it serves it. */
const hostDocument = (host: HostName) =>
  YAML.parse(fs.readFileSync(path.join(projectRoot, 'src', 'generated', 'openapi', `${host}.yaml`), 'utf8')) as {
    paths: Record<string, Partial<Record<(typeof methods)[number], OperationDefinition>>>;
  };

describe.each(['main', 'tariff', 'site'] as const)('the %s host, given malformed requests', (host: HostName) => {
  const document = hostDocument(host);

  it('answers every one with a problem document and a status below 500 (503 aside: data not loaded)', async () => {
    const wrong: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of methods) {
        const operation = item[method];
        if (!operation) continue;
        const example = exampleBody(operation);
        for (let i = 0; i < requestsPerOperation; i++) {
          const query =
            random() < 0.4 ? `?${pick(oddQueryNames)}=${component(String(pick(oddValues)).slice(0, 300))}` : '';
          const url = template.replace(/\{[^}]+\}/g, () => component(pick(oddPathValues))) + query;
          // A second apart on the service's clock: the per-second rate limit never answers in the handler's place.
          app.clock.advance(1000);
          let call = request(app.hosts[host])[method](url).set('X-Forwarded-For', `198.51.100.${i}`);
          if (host === 'site') call = call.set('Authorization', `Bearer ${key}`);
          else if (random() < 0.9) call = call.set('X-API-Key', key);
          if (random() < 0.15) call = call.set(pick(oddHeaders), pick(oddHeaderValues));
          if (method !== 'get' && method !== 'delete') {
            const roll = random();
            if (roll < 0.08) call = call.set('Content-Type', 'application/json').send('{"a":');
            else if (roll < 0.12) call = call.set('Content-Type', 'text/plain').send('hello');
            else call = call.set('Content-Type', 'application/json').send(JSON.stringify(broken(example)) ?? 'null');
          }
          const res = await call;
          const isProblem = String(res.headers['content-type']).startsWith('application/problem+json');
          if ((res.status >= 500 && res.status !== 503) || (res.status >= 400 && !isProblem)) {
            wrong.push(
              `${method.toUpperCase()} ${url.slice(0, 120)} → ${res.status} ${String(res.headers['content-type'])} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

// The JSON parser reads a body sent to any operation: one it cannot decode is refused, bodiless
// operations included.
describe('an operation that takes no body, sent one in an encoding it cannot read', () => {
  const bodyless = (['main', 'tariff', 'site'] as const).flatMap((host) => {
    const document = hostDocument(host);
    return Object.entries(document.paths).flatMap(([template, item]) =>
      (['post', 'put', 'patch'] as const)
        .filter((method) => item[method] && !item[method]?.requestBody)
        .map((method) => ({ host, method, template, operationId: item[method]?.operationId as string })),
    );
  });

  it.each(bodyless)('$host $operationId refuses it with 415', async ({ host, method, template }) => {
    app.clock.advance(1000);
    const call = request(app.hosts[host])
      [method](template.replace(/\{[^}]+\}/g, 'abc'))
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unknown')
      .send('{}');
    const res = await (host === 'site'
      ? call.set('Authorization', `Bearer ${key}`)
      : call.set('X-API-Key', key).set('X-Admin-Token', 'x'));
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
