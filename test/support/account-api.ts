import request from 'supertest';
import type { TestApp } from './app';
import { setPlan, signUp, testKeyFor } from './accounts';
import { iso6346CheckDigit } from '../../src/domain/tracking/container-number';

/** A business account with a live and a test key, made through the API as a user would. */
export async function businessAccount(
  app: TestApp,
): Promise<{ accountId: string; email: string; live: string; test: string }> {
  const { accountId, email, key } = await signUp(app);
  await setPlan(app, email, 'business');
  return { accountId, email, live: key, test: await testKeyFor(app, key) };
}

/**
 * Site-host calls with a Bearer credential. Each call moves the test clock on 50 ms, so a test's
 * calls stay under the account API's per-second limit (the clock does not move by itself).
 */
export function siteClient(app: TestApp, secret: string) {
  const auth = (req: request.Test) => {
    app.clock.advance(50);
    return req.set('Authorization', `Bearer ${secret}`);
  };
  const site = request(app.hosts.site);
  return {
    get: (path: string) => auth(site.get(path)),
    post: (path: string, body?: object) =>
      body === undefined ? auth(site.post(path)) : auth(site.post(path)).send(body),
    patch: (path: string, body: object) => auth(site.patch(path)).send(body),
    delete: (path: string) => auth(site.delete(path)),
  };
}

/** A valid ISO 6346 number for an owner code and serial (e.g. `MSKU`, `123456`). */
export const containerNumber = (owner: string, serial: string): string =>
  `${owner}${serial}${iso6346CheckDigit(owner + serial)}`;

/** A supertest parser that keeps a binary body (a PDF, a download) as a Buffer. */
export const binaryBody = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** An OAuth client of the account (made with its live key) and an access token with all its scopes. */
export async function accessTokenFor(
  app: TestApp,
  liveKey: string,
  scopes: string[],
): Promise<{ clientId: string; token: string }> {
  const client = (
    await request(app.hosts.site)
      .post('/api/oauth/clients')
      .set('Authorization', `Bearer ${liveKey}`)
      .send({ scopes })
      .expect(201)
  ).body;
  const token = (
    await request(app.hosts.site)
      .post('/oauth/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.id, client_secret: client.client_secret })
      .expect(200)
  ).body.access_token as string;
  return { clientId: client.id, token };
}
