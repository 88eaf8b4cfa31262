import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { projectRoot } from '../../src/config/paths';

/** Debian's chromium (apt-get install chromium): no browser is downloaded. */
export const chromiumPath = '/usr/bin/chromium';

export const screenshotDir = path.join(projectRoot, 'var', 'screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 375, height: 812 },
};

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh headless chromium with its own profile; `localhost` is mapped to 127.0.0.1. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport: viewports.desktop,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP localhost 127.0.0.1',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    // A refused form is answered with its status (403, 409…), which chromium also logs as a failed resource.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** A screenshot of the whole page at desktop and 375 px width, under var/screenshots/; and whether 375 px fits. */
export async function screenshots(page: Page, name: string): Promise<{ mobileOverflow: number }> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(viewports.mobile);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-375.png`), fullPage: true });
  // A string: the test code is compiled without the DOM's types.
  const mobileOverflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
  await page.setViewportSize(viewports.desktop);
  return { mobileOverflow };
}
