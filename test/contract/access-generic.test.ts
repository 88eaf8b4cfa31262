import request from 'supertest';
import { loadHostDocument } from '../../src/http/host-document';
import { HostName, hostNames } from '../../src/http/host-names';
import { createTestApp, TestApp } from '../support/app';
import { accessTokenFor } from '../support/account-api';
import { signUp } from '../support/accounts';
import { operationRoutes } from '../support/status-log';

let app: TestApp;
let scopedToken: string;
let freeKey: string;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true } });
  // A Free account's key, and its access token with one narrow scope: enough to authenticate, too little to act.
  const { key } = await signUp(app);
  freeKey = key;
  ({ token: scopedToken } = await accessTokenFor(app, key, ['shipments:read']));
});
afterAll(() => app.close());

type Security = Array<Record<string, string[]>>;
type MediaType = { example?: unknown; examples?: Record<string, { value: unknown }> };
type Parameter = { name: string; in: string; required?: boolean; example?: unknown };
type Operation = {
  security?: Security;
  requestBody?: { content: Record<string, MediaType> };
  parameters?: Array<Parameter | { $ref: string }>;
};

/** The request example the spec gives, so the call passes validation and reaches access control. */
function exampleBody(operation: Operation): unknown {
  const media =
    operation.requestBody?.content['application/json'] ?? operation.requestBody?.content['multipart/form-data'];
  return media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
}

/** The path with each parameter's example (one that passes validation), else an id no account has. */
function exampleUrl(host: HostName, path: string, operation: Operation): string {
  const shared =
    (loadHostDocument(host).document.components as { parameters?: Record<string, Parameter> }).parameters ?? {};
  const parameters = (operation.parameters ?? []).map((p) =>
    '$ref' in p ? shared[p.$ref.split('/').pop() as string] : p,
  );
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const example = parameters.find((p) => p.in === 'path' && p.name === name)?.example;
    return example === undefined ? 'x_unknown' : encodeURIComponent(String(example));
  });
  // Required query parameters with their examples, so the call passes validation too.
  const query = parameters
    .filter((p) => p.in === 'query' && p.required && p.example !== undefined)
    .map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`);
  return query.length > 0 ? `${filled}?${query.join('&')}` : filled;
}

const operations = hostNames.flatMap((host) =>
  operationRoutes(host).map((route) => {
    const operation = route.definition as Operation;
    // An operation that takes JSON as well (bulk jobs) is called with its JSON example.
    const content = operation.requestBody?.content ?? {};
    const multipart = 'multipart/form-data' in content && !('application/json' in content);
    // A body taken as text (an EDI interchange) is sent as its first type's example.
    const textType = Object.keys(content).find((type) => !type.includes('json') && type !== 'multipart/form-data');
    const text = !('application/json' in content) && !multipart && textType !== undefined ? textType : null;
    return {
      host,
      ...route,
      security: operation.security ?? [],
      body: text ? content[text].example : exampleBody(operation),
      multipart,
      text,
      url: exampleUrl(host, route.path, operation),
    };
  }),
);
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
const call = (op: (typeof operations)[number], url = op.url) => {
  const req = request(app.hosts[op.host])[op.method.toLowerCase() as 'get'](url);
  // A multipart example names its fields; the upload itself is a small file.
  if (op.multipart) {
    for (const [name, value] of Object.entries(op.body as Record<string, string>))
      if (name !== 'file') req.field(name, value);
    return req.attach('file', Buffer.from('%PDF-1.4\n'), 'example.pdf');
  }
  if (op.text) return req.set('Content-Type', op.text).send(String(op.body));
  return op.body === undefined ? req : req.send(op.body as object);
};

const invalidCredentials: Array<[string, Record<string, string>]> = [
  ['an unknown key in X-API-Key', { 'X-API-Key': 'tl_live_' + 'Z'.repeat(32) }],
  ['an unknown key as Bearer', { Authorization: 'Bearer tl_live_' + 'Z'.repeat(32) }],
  ['a made-up Bearer token', { Authorization: 'Bearer made-up' }],
  ['an unknown access token', { Authorization: 'Bearer tl_at_live_' + 'Z'.repeat(32) }],
  ['another scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
  ['an empty X-API-Key', { 'X-API-Key': '' }],
];

describe.each(
  operations
    .filter((op) => op.security.some((r) => 'AdminToken' in r))
    .map((op) => [op.host, op.operationId, op] as const),
)('%s %s', (_host, _id, op) => {
  it('answers 401 to a wrong admin token', async () => {
    const res = await call(op).set('X-Admin-Token', 'not-the-token').expect(401);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unauthenticated');
    expect(res.headers['www-authenticate']).toBeDefined();
  });

  it('checks the admin token before the body: without it, a bad body is 401 too', async () => {
    const req = request(app.hosts[op.host])[op.method.toLowerCase() as 'post'](op.url);
    const res = await (op.body === undefined ? req : req.send({ zz_not_a_field: true })).expect(401);
    expect(res.body.errors).toBeUndefined();
  });
});

describe.each(
  operations
    .filter(
      (op) =>
        op.method === 'GET' &&
        ((op as { definition: { parameters?: Array<{ $ref?: string }> } }).definition.parameters ?? []).some((p) =>
          p.$ref?.endsWith('/Limit'),
        ),
    )
    .map((op) => [op.host, op.operationId, op] as const),
)('%s %s', (_host, _id, op) => {
  it.each(['Infinity', '1e400', '0x64', '1e1', '10.0', ' 10'])(
    'answers 400 to limit=%s: numbers are plain decimals',
    async (limit) => {
      const res = await call(op, withQuery(op.url, `limit=${encodeURIComponent(limit)}`))
        .set('X-API-Key', freeKey)
        .expect(400);
      expect(res.body.errors).toEqual([{ pointer: '/query/limit', message: 'must be a plain decimal integer' }]);
    },
  );
});

describe.each(
  operations
    .filter((op) => op.security.some((r) => 'ApiKeyAuth' in r))
    .map((op) => [op.host, op.operationId, op] as const),
)('%s %s', (_host, _id, op) => {
  it('lists both ways to send a key, and declares 401', () => {
    expect(op.security.some((r) => 'BearerAuth' in r)).toBe(true);
    expect(op.statuses).toContain('401');
  });

  it.each(invalidCredentials)('answers 401 to %s, never the keyless quota', async (_name, headers) => {
    const res = await call(op).set(headers).expect(401);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unauthenticated');
    expect(res.headers['www-authenticate']).toBe('ApiKey header="X-API-Key", Bearer realm="tradelane"');
  });
});

describe('one authentication rule on every host', () => {
  it('takes a key as Authorization: Bearer on the main and tariff hosts, counting it against the account', async () => {
    const calculate = operations.find((op) => op.host === 'tariff' && op.operationId === 'calculateTariff')!;
    const res = await call(calculate).set('Authorization', `Bearer ${freeKey}`);
    expect([200, 503]).toContain(res.status);
    expect(res.headers['ratelimit-policy'] ?? '').not.toBe('');
    const keys = operations.find((op) => op.host === 'site' && op.operationId === 'listApiKeys')!;
    await call(keys).set('X-API-Key', freeKey).expect(200);
  });
});

describe.each(
  operations.filter((op) => op.statuses.includes('403')).map((op) => [op.host, op.operationId, op] as const),
)('%s %s', (_host, _id, op) => {
  it('answers 403 to a Free account (its key, or its token lacking the scope) the plan does not include', async () => {
    const req = call(op);
    // Where Free includes the operation, the token without its scope (or not allowed tokens at all) is what falls short.
    if (app.deps.access.entitlements.of(op.operationId, 'free') === null) req.set('X-API-Key', freeKey);
    else req.set('Authorization', `Bearer ${scopedToken}`);
    const res = await req.expect(403);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/forbidden-plan');
  });
});

describe.each(
  operations
    .filter((op) => op.statuses.includes('400') && (op.method === 'GET' || op.method === 'DELETE'))
    .map((op) => [op.host, op.operationId, op] as const),
)('%s %s', (_host, _id, op) => {
  it('answers 400 to an unknown query parameter', async () => {
    const res = await call(op, withQuery(op.url, 'unexpected=1')).expect(400);
    expect(res.body.errors).toEqual([{ pointer: '/query/unexpected', message: expect.any(String) }]);
  });
});
