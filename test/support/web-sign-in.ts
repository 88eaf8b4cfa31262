import type { SmtpSink } from './smtp-sink';
import { WebBrowser } from './web-browser';
import type { TestApp } from './app';

/** A person signed up, verified by the emailed link and signed in on the site host. */
export async function signedInBrowser(app: TestApp, sink: SmtpSink, email: string, password: string) {
  const browser = new WebBrowser(app.hosts.site);
  await browser.get('/signup');
  await browser.post('/signup', { email, password });
  const link = new URL(await sink.linkFor(email, '/verify-email'));
  await browser.get(link.pathname + link.search);
  await browser.get('/login');
  await browser.post('/login', { email, password });
  return browser;
}
