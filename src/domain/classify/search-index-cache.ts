import type { HtsSearchStore } from './classify-ports';
import { buildSearchIndex, SearchIndex } from './search-index';
import { createTextAnalyser, TextAnalyser } from './text-analysis';
import type { HtsRelease } from '../hts';

/** What the search needs from the cache (tests may hand it a cache over a fixed index). */
export interface SearchIndexCacheLike {
  readonly analyser: TextAnalyser;
  forRelease(release: HtsRelease): Promise<SearchIndex>;
}

/**
 * The search indexes of the releases in use, one per release id, built from the stored lines on
 * first use. A new release has a new id, so a search after an import never reads a stale index;
 * `rebuildFor` (called by the import path) builds it ahead, so no request waits for it. Only a
 * cache: every process builds its own from the database.
 */
export class HtsSearchIndexCache implements SearchIndexCacheLike {
  private readonly built = new Map<string, Promise<SearchIndex>>();

  constructor(
    private readonly store: HtsSearchStore,
    readonly analyser: TextAnalyser = createTextAnalyser(),
    /** Releases kept at once: the one in force and the one just imported. */
    private readonly capacity = 2,
  ) {}

  /** The index of the release, built now if it is not cached. */
  forRelease(release: HtsRelease): Promise<SearchIndex> {
    const cached = this.built.get(release.id);
    if (cached) {
      // Most recently used last, so eviction drops the oldest.
      this.built.delete(release.id);
      this.built.set(release.id, cached);
      return cached;
    }
    return this.build(release);
  }

  /** Builds the release's index again from its stored lines (after an import), replacing any cached one. */
  async rebuildFor(releaseId: string): Promise<SearchIndex> {
    const release = await this.store.findById(releaseId);
    if (!release) throw new Error(`no HTS release ${releaseId}`);
    this.built.delete(releaseId);
    return this.build(release);
  }

  /** Release ids with an index built or being built, oldest first. */
  cachedReleaseIds(): string[] {
    return [...this.built.keys()];
  }

  private build(release: HtsRelease): Promise<SearchIndex> {
    const building = this.store
      .searchableLines(release.id)
      .then((lines) => buildSearchIndex(release, lines, this.analyser));
    this.built.set(release.id, building);
    building.catch(() => {
      if (this.built.get(release.id) === building) this.built.delete(release.id);
    });
    while (this.built.size > this.capacity) this.built.delete(this.built.keys().next().value as string);
    return building;
  }
}
