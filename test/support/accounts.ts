import request from 'supertest';
import type { PlanName } from '../../src/domain/shared/caller';
import type { TestApp } from './app';

let counter = 0;

/** Signs up through the API (as a user would; each from its own IP, under the sign-up limit). */
export async function signUp(
  app: TestApp,
  email = `user${++counter}.${Date.now()}@example.com`,
  ip = `203.0.113.${counter % 250}`,
): Promise<{ accountId: string; key: string; email: string }> {
  const res = await request(app.hosts.main).post('/api/signup').set('X-Forwarded-For', ip).send({ email }).expect(201);
  return { accountId: res.body.account.id, key: res.body.api_key.secret, email };
}

export async function setPlan(app: TestApp, email: string, plan: PlanName): Promise<void> {
  await app.deps.access.accounts.changePlan(email, plan, 'test-suite', null);
}

/** A new account moved to the plan; its live key. */
export async function signUpOnPlan(
  app: TestApp,
  plan: PlanName,
): Promise<{ accountId: string; key: string; email: string }> {
  const account = await signUp(app);
  await setPlan(app, account.email, plan);
  return account;
}

/** A test-mode key (tl_test_) for the account, made through the site host as a user would. */
export async function testKeyFor(app: TestApp, liveKey: string): Promise<string> {
  const res = await request(app.hosts.site)
    .post('/api/keys')
    .set('Authorization', `Bearer ${liveKey}`)
    .send({ mode: 'test' })
    .expect(201);
  return res.body.secret;
}
