import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/config/paths';

/**
 * The repository's reference data (`data/`). Tests read it directly, whatever DATA_DIR names, so a
 * run never depends on what else a machine's data folder holds; a missing file fails the test.
 */
export const repoDataDir = path.join(projectRoot, 'data');

export function referenceDataDir(): string {
  return repoDataDir;
}

/** A file of the repository's data/ (path relative to it); throws when it is missing. */
export function referenceFile(relative: string): string {
  const file = path.join(repoDataDir, relative);
  if (!fs.existsSync(file)) throw new Error(`reference file missing from the repository: data/${relative}`);
  return file;
}

/**
 * A data folder holding only the named entries of data/ (files or folders, linked, not copied), for a
 * test whose answers depend on which files a folder holds (the newest HTS release, say): files added
 * to data/ later cannot change it.
 */
export function referenceDataFolder(...entries: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-data-'));
  for (const entry of entries) {
    const link = path.join(dir, entry);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(referenceFile(entry), link);
  }
  return dir;
}
