import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config/config';

/**
 * The reference data directory (config `dataDir`: DATA_DIR, else ../shared/data), or null when it is
 * absent: tests that read it skip cleanly then.
 */
export function referenceDataDir(): string | null {
  return loadConfig().dataDir;
}

/** A file of the reference data directory, or null when the directory or the file is missing. */
export function referenceFile(relative: string): string | null {
  const dir = referenceDataDir();
  if (!dir) return null;
  const file = path.join(dir, relative);
  return fs.existsSync(file) ? file : null;
}
