import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { Page } from 'playwright-core';
import { loadWebConfig } from '../../src/config/web-config';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { SmtpSink } from './smtp-sink';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The app for the supertest web tests: its web application's emails caught by an SMTP sink, closed with it. */
export interface WebApp extends TestApp {
  /** Receives the verification and reset emails. */
  sink: SmtpSink;
}

/**
 * The test app with an SMTP sink for its emails (test/web). `baseUrl` is the address the emailed
 * links start with (the web configuration's default otherwise); the other options are the app's.
 */
export async function startWebApp(options: TestAppOptions & { baseUrl?: string } = {}): Promise<WebApp> {
  const { baseUrl, ...appOptions } = options;
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const web = { ...loadWebConfig({}), ...(baseUrl ? { baseUrl } : {}), smtpUrl };
  const app = await createTestApp({ ...appOptions, config: { ...appOptions.config, web } });
  return {
    ...app,
    sink,
    close: async () => {
      await app.close();
      await sink.stop();
    },
  };
}

export interface WebSite {
  app: WebApp;
  /** The site host's address, `http://localhost:<port>` (the links in emails start with it). */
  base: string;
  /** Receives the verification and reset emails. */
  sink: SmtpSink;
  close(): Promise<void>;
}

/** The site host on a real port for the browser tests, its emails caught by an SMTP sink. */
export async function startWebSite(options: Omit<TestAppOptions, 'config'> = {}): Promise<WebSite> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const app = await startWebApp({ ...options, baseUrl: base });
  const server = http.createServer(app.hosts.site);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    app,
    base,
    sink: app.sink,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}

/** Signs a new person up, verifies the emailed link and signs in, in the browser: the page ends on the overview. */
export async function signUpInBrowser(page: Page, site: WebSite, email: string, password: string): Promise<void> {
  await page.goto(`${site.base}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.goto(await site.sink.linkFor(email, '/verify-email'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${site.base}/dashboard`);
}
