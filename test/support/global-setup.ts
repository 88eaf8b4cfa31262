import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { builtDocsDir, generatedDir, projectRoot } from '../../src/config/paths';
import { hostNames } from '../../src/http/host-names';

/** The /docs tests serve the built reference: build it when it is missing or older than the spec. */
function ensureDocsBuilt(): void {
  const stale = hostNames.some((host) => {
    const html = path.join(builtDocsDir, `${host}.html`);
    const yaml = path.join(generatedDir, 'openapi', `${host}.yaml`);
    return !fs.existsSync(html) || fs.statSync(html).mtimeMs < fs.statSync(yaml).mtimeMs;
  });
  if (stale)
    execFileSync(
      path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
      [path.join(projectRoot, 'scripts', 'build-docs.ts')],
      { stdio: 'ignore' },
    );
}

export default async function globalSetup(): Promise<void> {
  ensureDocsBuilt();
  const dir = path.join(projectRoot, 'var', 'test-status', String(process.pid));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // Test workers are started after this and inherit the variables.
  process.env.STATUS_LOG_DIR = dir;
  // The run's database templates (test/support/database.ts): built by the first file that needs each.
  const templates = path.join(
    projectRoot,
    'var',
    'test-templates',
    `${process.pid}_${crypto.randomBytes(3).toString('hex')}`,
  );
  fs.mkdirSync(templates, { recursive: true });
  process.env.TEST_TEMPLATE_DIR = templates;
}
