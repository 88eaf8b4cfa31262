import fs from 'node:fs';
import path from 'node:path';

/** The shared reference data directory, when this machine has it (tests skip cleanly otherwise). */
export const sharedDataDir = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'data');
const alternative = path.resolve(__dirname, '..', '..', '..', 'shared', 'data');

export function sharedDataPath(...parts: string[]): string | null {
  for (const base of [process.env.DATA_DIR, sharedDataDir, alternative]) {
    if (!base) continue;
    const candidate = path.join(base, ...parts);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** `describe` when the shared file exists, `describe.skip` otherwise. */
export function describeWithSharedFile(file: string[], name: string, body: (filePath: string) => void): void {
  const found = sharedDataPath(...file);
  if (found) describe(name, () => body(found));
  else describe.skip(`${name} (shared data absent)`, () => body(''));
}
