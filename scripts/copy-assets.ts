/**
 * Part of `npm run build:ts`: data files that live beside the code in src/ (entitlements, tariff
 * measures and claims, the classifier's lexicon, rate-card supplements, the hosts' generated OpenAPI
 * documents) are copied to the same place under dist/, where the compiled modules read them
 * (src/config/paths.ts `codeDir`); the host documents are also parsed ahead into JSON beside them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

// .css, .js and .svg: the web application's browser files (src/web/assets), read by src/web/assets.ts.
const assetExtensions = new Set(['.yaml', '.yml', '.json', '.csv', '.css', '.js', '.svg']);

/** Copies every asset under `from` to the same relative place under `to`; returns the files copied. */
export function copyAssets(from: string, to: string): string[] {
  const copied: string[] = [];
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      copied.push(...copyAssets(source, target));
    } else if (assetExtensions.has(path.extname(entry.name))) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, target);
      copied.push(target);
    }
  }
  return copied;
}

/**
 * The host documents parsed ahead, as JSON with the SHA-256 of the YAML they came from: parsing the
 * YAML took a second of every start, JSON.parse a few milliseconds (src/http/host-document.ts).
 */
function parseHostDocuments(root: string): number {
  const sourceDir = path.join(root, 'src', 'generated', 'openapi');
  const targetDir = path.join(root, 'dist', 'generated', 'openapi');
  fs.mkdirSync(targetDir, { recursive: true });
  const names = fs.readdirSync(sourceDir).filter((name) => name.endsWith('.yaml'));
  for (const name of names) {
    const yaml = fs.readFileSync(path.join(sourceDir, name), 'utf8');
    const parsed = {
      sha256: crypto.createHash('sha256').update(yaml).digest('hex'),
      document: YAML.parse(yaml) as unknown,
    };
    fs.writeFileSync(path.join(targetDir, name.replace(/\.yaml$/, '.json')), JSON.stringify(parsed));
  }
  return names.length;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const copied = copyAssets(path.join(root, 'src'), path.join(root, 'dist')).length;
  console.log(`copied ${copied} data files to dist/, parsed ${parseHostDocuments(root)} host documents`);
}
