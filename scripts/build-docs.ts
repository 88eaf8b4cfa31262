/**
 * `npm run build:docs`: one self-contained Redoc page per host (scripts inlined, so /docs works
 * offline) from the host documents in src/generated/openapi, written to var/docs/<host>.html.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtDocsDir, generatedDir, projectRoot } from '../src/config/paths';
import { hostNames } from '../src/http/host-names';

fs.mkdirSync(builtDocsDir, { recursive: true });
const redocly = path.join(projectRoot, 'node_modules', '.bin', 'redocly');
for (const host of hostNames) {
  const output = path.join(builtDocsDir, `${host}.html`);
  execFileSync(
    redocly,
    ['build-docs', path.join(generatedDir, 'openapi', `${host}.yaml`), '--inlineBundle', '-o', output],
    {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  console.log(`docs: ${path.relative(projectRoot, output)} (${Math.round(fs.statSync(output).size / 1024)} KiB)`);
}
