/**
 * Part of `npm run build:ts`: data files that live beside the code in src/ (entitlements, tariff
 * measures and claims, the classifier's lexicon, rate-card supplements, the hosts' generated OpenAPI
 * documents) are copied to the same place under dist/, where the compiled modules read them
 * (src/config/paths.ts `codeDir`).
 */
import fs from 'node:fs';
import path from 'node:path';

const assetExtensions = new Set(['.yaml', '.yml', '.json', '.csv']);

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

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  console.log(`copied ${copyAssets(path.join(root, 'src'), path.join(root, 'dist')).length} data files to dist/`);
}
