import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { generatedDir, projectRoot } from '../../src/config/paths';
import { loadHostDocument } from '../../src/http/host-document';
import { hostNames } from '../../src/http/host-names';

describe('host documents read from src/', () => {
  it.each(hostNames)('%s: the YAML as parsed, kept as JSON under var/cache for the next start', (host) => {
    const yaml = fs.readFileSync(path.join(generatedDir, 'openapi', `${host}.yaml`), 'utf8');
    const loaded = loadHostDocument(host);
    expect(loaded.document).toEqual(YAML.parse(yaml));
    const cached = JSON.parse(
      fs.readFileSync(path.join(projectRoot, 'var', 'cache', 'openapi', `${host}.json`), 'utf8'),
    );
    expect(cached.sha256).toBe(crypto.createHash('sha256').update(yaml).digest('hex'));
    expect(cached.document).toEqual(loaded.document);
  });
});
