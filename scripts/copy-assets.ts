/**
 * Part of `npm run build:ts`: data files that live beside the code in src/ (entitlements, tariff
 * measures, rate-card supplements) are copied to the same place under dist/, where the compiled
 * modules look for them.
 */
import fs from 'node:fs';
import path from 'node:path';

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

console.log(`copied ${copyAssets(path.join(root, 'src'))} data files to dist/`);
