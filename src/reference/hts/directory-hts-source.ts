import fs from 'node:fs/promises';
import path from 'node:path';
import { parseHtsFileName } from './hts-revision';
import { AvailableHtsRelease, compareRevisions, HtsReleaseSource, HtsSourceUnavailable } from '../../domain/hts';

/**
 * HTS files in a local directory, recognised by USITC's file names
 * (`hts_2026_revision_4_csv.csv`, `hts_2026_basic_edition_json.json`). When a revision is there
 * in both formats the JSON wins: it carries the footnotes the CSV lacks.
 */
export class DirectoryHtsSource implements HtsReleaseSource {
  constructor(private readonly directory: string) {}

  get description(): string {
    return `directory ${this.directory}`;
  }

  async listReleases(): Promise<AvailableHtsRelease[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.directory);
    } catch (error) {
      throw new HtsSourceUnavailable(`cannot read ${this.directory}: ${(error as Error).message}`);
    }
    const byRevision = new Map<string, AvailableHtsRelease>();
    for (const name of names.sort()) {
      const parsed = parseHtsFileName(name);
      if (!parsed) continue;
      const key = `${parsed.year}/${parsed.revision}`;
      if (byRevision.get(key)?.format === 'json') continue;
      byRevision.set(key, { ...parsed, location: path.join(this.directory, name), effectiveDate: null });
    }
    return [...byRevision.values()].sort(compareRevisions);
  }

  async fetchRelease(release: AvailableHtsRelease): Promise<Buffer> {
    try {
      return await fs.readFile(release.location);
    } catch (error) {
      throw new HtsSourceUnavailable(`cannot read ${release.location}: ${(error as Error).message}`);
    }
  }
}
