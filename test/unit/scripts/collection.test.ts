import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hostNames } from '../../../src/http/host-names';

const root = path.resolve(__dirname, '..', '..', '..');

it('writes Postman collections with a variable per host and the credentials declared, and no port in a request', () => {
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/collection.ts'], { cwd: root, stdio: 'pipe' });
  const own = { main: 'base_url', tariff: 'tariff_url', site: 'site_url' } as const;
  for (const host of hostNames) {
    const text = fs.readFileSync(
      path.join(root, 'var', 'collections', `tradelane-${host}.postman_collection.json`),
      'utf8',
    );
    const collection = JSON.parse(text) as { variable: Array<{ key: string; value: string }>; item: unknown[] };
    expect(collection.variable.map((variable) => variable.key)).toEqual([
      'base_url',
      'tariff_url',
      'site_url',
      'api_key',
      'admin_token',
    ]);
    const used = new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]));
    // Every variable a request uses is declared; each request goes to its own host's variable.
    expect([...used].filter((name) => !collection.variable.some((variable) => variable.key === name))).toEqual([]);
    expect(used).toContain(own[host]);
    expect(used).toContain('api_key');
    expect(JSON.stringify(collection.item)).not.toMatch(/localhost:\d+/);
  }
}, 120_000);
