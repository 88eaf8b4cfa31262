import fs from 'node:fs';
import path from 'node:path';

/** The directory holding package.json, found from this file whether it runs from src/ or dist/. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(__dirname);
/**
 * The directory of the running code: src/ under tsx and jest, dist/ once built. Files read at run
 * time (the lexicon, tariff measures, rate-card supplements, the hosts' OpenAPI documents) are
 * resolved from here, so `node dist/…` reads the copies the build puts beside the compiled code
 * (scripts/copy-assets.ts), never the sources.
 */
export const codeDir = path.resolve(__dirname, '..');
export const generatedDir = path.join(codeDir, 'generated');
export const builtDocsDir = path.join(projectRoot, 'var', 'docs');
