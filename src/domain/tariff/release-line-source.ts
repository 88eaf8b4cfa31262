import { LRUCache } from 'lru-cache';
import type { HtsLineLookup, HtsLineSource } from './hts-line-source';
import { findHtsLine, htsLineHistory, type HtsReleaseStore } from '../hts';

/**
 * The calculator's view of the imported HTS releases: the line in force on the entry date, with
 * the rate texts it inherits; a code known only to other releases is "not in force" with the dates.
 */
export class ReleaseLineSource implements HtsLineSource {
  // Releases are never changed once imported, so a lookup can be remembered; the TTL bounds how long
  // another process's import of a new release takes to be seen here (this process's imports clear it).
  private readonly cache = new LRUCache<string, HtsLineLookup>({ max: 50_000, ttl: 60_000 });

  constructor(private readonly releases: HtsReleaseStore) {}

  /** Forgets every lookup: called after a release is imported in this process. */
  clear(): void {
    this.cache.clear();
  }

  async lineInForce(code: string, date: string): Promise<HtsLineLookup> {
    const key = `${code}|${date}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lookup = await this.lookUp(code, date);
    this.cache.set(key, lookup);
    return lookup;
  }

  private async lookUp(code: string, date: string): Promise<HtsLineLookup> {
    const found = await findHtsLine(this.releases, code, date);
    if (found.found) {
      return {
        status: 'found',
        line: {
          code: found.line.code as string,
          description: found.line.description,
          descriptionPath: found.line.descriptionPath,
          units: found.line.units,
          general: found.rates.general ?? '',
          special: found.rates.special ?? '',
          column2: found.rates.other ?? '',
          rateLineCode: found.rateLine?.code ?? (found.line.code as string),
          release: { id: found.release.id, name: found.release.title },
        },
      };
    }
    if (found.reason === 'invalid_code') return { status: 'unknown' };
    const history = await htsLineHistory(this.releases, code);
    if (!history.found) {
      return found.reason === 'no_release' ? { status: 'not_in_force', reason: found.message } : { status: 'unknown' };
    }
    const spans = history.entries.map((entry) => `${entry.release.title} (from ${entry.validFrom}${entry.validTo ? ` to ${entry.validTo}` : ''})`);
    return { status: 'not_in_force', reason: `${found.message}; it is in ${spans.join(', ')}` };
  }
}
