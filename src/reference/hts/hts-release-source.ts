import fs from 'node:fs';
import path from 'node:path';
import { DirectoryHtsSource } from './directory-hts-source';
import { UsitcHtsSource, UsitcSourceOptions } from './usitc-hts-source';
import type { HtsReleaseSource } from '../../domain/hts';

export interface HtsSourceChoice {
  /** A directory configured for HTS files; wins when set. */
  directory?: string | null;
  /** The reference data directory (config `dataDir`); its `hts/` folder is used when present. */
  dataDir: string | null;
  /** Overrides for USITC's addresses, the fallback. */
  usitc?: Partial<UsitcSourceOptions>;
}

/** Where the refresh looks for new revisions: a configured directory, else `<dataDir>/hts` when present, else USITC. */
export function chooseHtsReleaseSource(choice: HtsSourceChoice): HtsReleaseSource {
  if (choice.directory) return new DirectoryHtsSource(choice.directory);
  if (choice.dataDir !== null && fs.existsSync(path.join(choice.dataDir, 'hts')))
    return new DirectoryHtsSource(path.join(choice.dataDir, 'hts'));
  return new UsitcHtsSource(choice.usitc);
}
