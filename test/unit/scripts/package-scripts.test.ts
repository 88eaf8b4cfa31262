import fs from 'node:fs';
import path from 'node:path';

const scripts = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

it.each(['start', 'worker', 'migrate', 'admin'])(
  '`npm run %s` execs node on the built code, so the SIGTERM npm forwards reaches it',
  (name) => {
    // npm runs a script under `sh -c`, and sh neither forwards a signal nor exits its child: without
    // exec the first SIGTERM ended the shell and left the service running.
    expect(scripts[name]).toMatch(/^exec node scripts\/build-if-stale\.mjs .*--run dist\/[\w/-]+\.js$/);
  },
);
