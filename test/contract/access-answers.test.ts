import path from 'node:path';
import request from 'supertest';
import { projectRoot } from '../../src/config/paths';
import { loadHostDocument } from '../../src/http/host-document';
import { HostName, hostNames } from '../../src/http/host-names';
import { accessTokenFor, businessAccount } from '../support/account-api';
import { createTestApp, TestApp } from '../support/app';
import { fakeStripeBilling, startStripeFake, StripeFake } from '../support/stripe-fake';
import { operationRoutes } from '../support/status-log';

/**
 * What the access layer answers on its own, on every operation where it can (each declared, as the
 * schema fuzz run checks): an access token where the operation takes only keys, or lacks its scope,
 * is 403; an Idempotency-Key whose first request differed is 422 `idempotency-mismatch`, and one whose
 * first request is still running is 409 `conflict`. Each operation is sent its documented example.
 */
let app: TestApp;
let stripe: StripeFake;
let live: string;
let token: string;
beforeAll(async () => {
  // Billing on, against a local Stripe: requests reach Checkout and the portal, not a 501.
  stripe = await startStripeFake();
  app = await createTestApp({
    billing: fakeStripeBilling(stripe),
    config: { trustProxy: true },
    withTariffData: ['hts_2026_revision_4_csv.csv'],
    withParcelData: path.join(projectRoot, 'data'),
  });
  ({ live } = await businessAccount(app));
  ({ token } = await accessTokenFor(app, live, ['keys:read']));
}, 300_000);
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

type Parameter = { $ref?: string; name: string; in: string; required?: boolean; example?: unknown };
interface Definition {
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> };
  'x-idempotent'?: boolean;
}

function exampleRequest(host: HostName, route: { method: string; path: string; definition: unknown }) {
  const definition = route.definition as Definition;
  const components = (
    loadHostDocument(host).document as unknown as { components: { parameters: Record<string, Parameter> } }
  ).components;
  const parameters = (definition.parameters ?? []).map((p) =>
    p.$ref ? components.parameters[p.$ref.split('/').pop() as string] : p,
  );
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(parameters.find((p) => p.in === 'path' && p.name === name)?.example ?? 'x')),
  );
  // Required query parameters with their examples, so the call passes validation too.
  const query = parameters
    .filter((p) => p.in === 'query' && p.required && p.example !== undefined)
    .map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`);
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  const json = definition.requestBody?.content['application/json'];
  const body = json?.example ?? Object.values(json?.examples ?? {})[0]?.value;
  return (headers: Record<string, string>) => {
    app.clock.advance(1000);
    const call = request(app.hosts[host])[route.method.toLowerCase() as 'post'](url).set(headers);
    const upload = definition.requestBody?.content['multipart/form-data'];
    if (json === undefined && upload) {
      // A document's type part where the upload has one (an entry summary is its file alone).
      const typed = typeof upload.example === 'object' && upload.example !== null && 'type' in upload.example;
      return (typed ? call.field('type', 'other') : call).attach('file', Buffer.from('a,b\n1,2\n'), 'a.csv');
    }
    // A body taken as text (an EDI interchange) is sent as its first type's example.
    const [textType, textMedia] = Object.entries(definition.requestBody?.content ?? {})[0] ?? [];
    if (json === undefined && textType && textType !== 'multipart/form-data')
      return call.set('Content-Type', textType).send(String(textMedia.example));
    return body === undefined ? call : call.send(body as object);
  };
}

const keyed = hostNames.flatMap((host) =>
  operationRoutes(host)
    .filter((route) => ((route.definition as Definition).security ?? []).some((r) => 'BearerAuth' in r))
    .map((route) => ({ host, ...route })),
);

it.each(keyed.map((route) => [route.host, route.operationId, route] as const))(
  '%s %s: an access token without its scope, or where only keys are taken, is 403',
  async (host, _id, route) => {
    const scopes = ((route.definition as Definition).security ?? []).find((r) => 'OAuth2' in r)?.OAuth2 ?? [];
    if (scopes.includes('keys:read')) return;
    const res = await exampleRequest(host, route)({ Authorization: `Bearer ${token}` });
    expect([res.status, res.body.type]).toEqual([403, 'https://docs.tradelane.dev/problems/forbidden-plan']);
  },
);

const idempotent = keyed.filter(
  (route) => route.method === 'POST' && (route.definition as Definition)['x-idempotent'] !== false,
);

it.each(idempotent.map((route) => [route.host, route.operationId, route] as const))(
  '%s %s: an Idempotency-Key reused for another request is 422, one still running is 409',
  async (host, operationId, route) => {
    const send = exampleRequest(host, route);
    const key = `answers-${host}-${operationId}`;
    const headers = { 'X-API-Key': live, 'Idempotency-Key': key };
    const first = await send(headers);
    const record = () => app.db.knex('idempotency_records').where({ idempotency_key: key });
    const stored = await record().first();
    // The first answer is kept (a definite one) or forgotten (a conflict, throttling or failure): either
    // way a record stands for the first request below.
    const hash = stored?.request_hash ?? null;
    expect({ status: first.status, kept: hash !== null }).toEqual({ status: first.status, kept: true });
    await record().update({ request_hash: 'another request' });
    const mismatch = await send(headers);
    expect([mismatch.status, mismatch.body.type]).toEqual([
      422,
      'https://docs.tradelane.dev/problems/idempotency-mismatch',
    ]);
    await record().update({ request_hash: hash, state: 'in_progress', created_at: app.clock.now().getTime() });
    const running = await send(headers);
    expect([running.status, running.body.type]).toEqual([409, 'https://docs.tradelane.dev/problems/conflict']);
  },
);
