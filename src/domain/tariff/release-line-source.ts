import { LRUCache } from 'lru-cache';
import type { HeldReleases, HtsLineLookup, HtsLineSource } from './hts-line-source';
import {
  findHtsLine,
  findHtsLineIn,
  htsLineHistory,
  type HtsLineView,
  type HtsRelease,
  type HtsReleaseStore,
  type StoredHtsLine,
} from '../hts';

/** How long an answer may miss a release another process imported (this process's imports clear at once). */
const staleAfterMs = 60_000;

/** The release in force from its effective date on, every line of it in memory by code. */
interface ReleaseInForce {
  release: HtsRelease;
  lines: Map<string, StoredHtsLine>;
  /** Lookups made from it, kept so a line's answer is one object (the engine only reads it). */
  lookups: Map<string, HtsLineLookup>;
  /** The oldest and newest releases held when last checked (a backfill adds older ones). */
  held: HeldReleases;
  checkedAt: number;
}

function heldOf(all: HtsRelease[]): HeldReleases | null {
  const oldest = all[0];
  const newest = all[all.length - 1];
  if (oldest === undefined || newest === undefined) return null;
  return {
    oldest: { name: oldest.title, effectiveDate: oldest.effectiveDate },
    newest: { name: newest.title, effectiveDate: newest.effectiveDate },
  };
}

function foundLookup(view: HtsLineView): HtsLineLookup {
  const { line, rateLine, rates, release } = view;
  return {
    status: 'found',
    line: {
      code: line.code as string,
      description: line.description,
      descriptionPath: line.descriptionPath,
      units: line.units,
      general: rates.general ?? '',
      special: rates.special ?? '',
      column2: rates.other ?? '',
      rateLineCode: rateLine?.code ?? (line.code as string),
      release: { id: release.id, name: release.title },
    },
  };
}

/**
 * The calculator's view of the imported HTS releases: the line in force on the entry date, with
 * the rate texts it inherits; a code known only to other releases is "not in force" with the dates.
 *
 * Most calculations are for goods entered now, across the whole schedule, so the release in force
 * today is held in memory (about 35,000 lines): a code priced for the first time costs no database
 * read. Earlier dates, and codes the release lacks, are read from the store and remembered.
 */
export class ReleaseLineSource implements HtsLineSource {
  // Releases are never changed once imported, so a lookup can be remembered.
  private readonly cache = new LRUCache<string, HtsLineLookup>({ max: 50_000, ttl: staleAfterMs });
  private inForce: ReleaseInForce | null = null;
  private loading: Promise<void> | null = null;
  /** Bumped by each import in this process: a load begun before it may have read the releases before the import, so its result is dropped. */
  private generation = 0;

  constructor(
    private readonly releases: HtsReleaseStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets every lookup and reloads the release in force: called after a release is imported in this process. */
  clear(): void {
    this.cache.clear();
    this.inForce = null;
    this.generation += 1;
    this.refreshInForce();
  }

  /** Loads the release in force ahead of the first calculation (a start calls it; lookups do not wait for it). */
  warm(): Promise<void> {
    this.refreshInForce();
    return this.loading ?? Promise.resolve();
  }

  async heldReleases(): Promise<HeldReleases | null> {
    const inForce = this.currentInForce();
    if (inForce !== null) return inForce.held;
    return heldOf(await this.releases.listByEffectiveDate());
  }

  async lineInForce(code: string, date: string): Promise<HtsLineLookup> {
    const inForce = this.currentInForce();
    if (inForce !== null && date >= inForce.release.effectiveDate) {
      const known = inForce.lookups.get(code);
      if (known) return known;
      const view = findHtsLineIn(inForce.release, inForce.lines, code);
      if (view) {
        const lookup = foundLookup(view);
        inForce.lookups.set(code, lookup);
        return lookup;
      }
    }
    const key = `${code}|${date}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const lookup = await this.lookUp(code, date);
    this.cache.set(key, lookup);
    return lookup;
  }

  /** The release in force held in memory, or null while it loads; past its age, a check for a newer one starts. */
  private currentInForce(): ReleaseInForce | null {
    if (this.inForce === null || this.now() - this.inForce.checkedAt > staleAfterMs) this.refreshInForce();
    return this.inForce;
  }

  private refreshInForce(): void {
    if (this.loading) return;
    this.loading = this.loadInForce()
      // The store answers every lookup meanwhile, so a failed load costs speed, not answers; the next
      // lookup past the age tries again.
      .catch(() => undefined)
      .finally(() => {
        this.loading = null;
      });
  }

  private async loadInForce(): Promise<void> {
    const generation = this.generation;
    const checkedAt = this.now();
    const all = await this.releases.listByEffectiveDate();
    const newest = all[all.length - 1];
    const held = heldOf(all);
    if (newest === undefined || held === null) return;
    if (this.inForce?.release.id === newest.id) {
      this.inForce.held = held;
      this.inForce.checkedAt = checkedAt;
      return;
    }
    const lines = new Map((await this.releases.linesOf(newest.id)).map((line) => [line.code as string, line]));
    // An import finished meanwhile: this may be the release before it; the next lookup loads again.
    if (generation !== this.generation) return;
    this.inForce = { release: newest, lines, lookups: new Map(), held, checkedAt };
  }

  private async lookUp(code: string, date: string): Promise<HtsLineLookup> {
    const found = await findHtsLine(this.releases, code, date);
    if (found.found) return foundLookup(found);
    if (found.reason === 'invalid_code') return { status: 'unknown' };
    const history = await htsLineHistory(this.releases, code);
    if (!history.found) {
      return found.reason === 'no_release' ? { status: 'not_in_force', reason: found.message } : { status: 'unknown' };
    }
    const spans = history.entries.map(
      (entry) => `${entry.release.title} (from ${entry.validFrom}${entry.validTo ? ` to ${entry.validTo}` : ''})`,
    );
    return { status: 'not_in_force', reason: `${found.message}; it is in ${spans.join(', ')}` };
  }
}
