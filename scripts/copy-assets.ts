/**
 * Part of `npm run build:ts`: data files that live beside the code in src/ (entitlements, tariff
 * measures, rate-card supplements) are copied to the same place under dist/, where the compiled
 * modules look for them; the host documents are parsed ahead into dist/generated/openapi/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const root = path.resolve(__dirname, '..');
const assetExtensions = new Set(['.yaml', '.yml', '.json', '.csv']);

function copyAssets(dir: string): number {
  let copied = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const source = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(root, source) !== path.join('src', 'generated')) copied += copyAssets(source);
    } else if (assetExtensions.has(path.extname(entry.name))) {
      const target = path.join(root, 'dist', path.relative(path.join(root, 'src'), source));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(source, target);
      copied++;
    }
  }
  return copied;
}

/**
 * The host documents parsed ahead, as JSON with the SHA-256 of the YAML they came from: parsing the
 * YAML took a second of every start, JSON.parse a few milliseconds (src/hosts/host-document.ts).
 */
function parseHostDocuments(): number {
  const sourceDir = path.join(root, 'src', 'generated', 'openapi');
  const targetDir = path.join(root, 'dist', 'generated', 'openapi');
  fs.mkdirSync(targetDir, { recursive: true });
  const names = fs.readdirSync(sourceDir).filter((name) => name.endsWith('.yaml'));
  for (const name of names) {
    const yaml = fs.readFileSync(path.join(sourceDir, name), 'utf8');
    const parsed = { sha256: crypto.createHash('sha256').update(yaml).digest('hex'), document: YAML.parse(yaml) as unknown };
    fs.writeFileSync(path.join(targetDir, name.replace(/\.yaml$/, '.json')), JSON.stringify(parsed));
  }
  return names.length;
}

console.log(`copied ${copyAssets(path.join(root, 'src'))} data files to dist/, parsed ${parseHostDocuments()} host documents`);
