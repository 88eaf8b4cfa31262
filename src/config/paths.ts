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
export const generatedDir = path.join(projectRoot, 'src', 'generated');
export const builtDocsDir = path.join(projectRoot, 'var', 'docs');
