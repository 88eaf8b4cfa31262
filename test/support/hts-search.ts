import fs from 'node:fs';
import path from 'node:path';
import { HtsReleaseRepository } from '../../src/db/repositories/hts-release.repository';
import type { HtsSearchDeps } from '../../src/domain/classify/hts-search.service';
import { HtsSearchIndexCache } from '../../src/domain/classify/search-index-cache';
import { createTextAnalyser } from '../../src/domain/classify/text-analysis';
import { loadLexicon } from '../../src/reference/classify/lexicon-files';
import type { TestDatabase } from './database';

/** One analyser and lexicon for a whole test file (loading the language model takes a moment). */
export const sharedAnalyser = createTextAnalyser();
export const sharedLexicon = loadLexicon(sharedAnalyser);

export function htsSearchFixture(name: string): Buffer {
  return fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'hts-search', name));
}

/** Search dependencies over a test database, with a clock the test sets (YYYY-MM-DD). */
export function htsSearchDeps(
  db: TestDatabase,
  today: string,
): HtsSearchDeps & { indexes: HtsSearchIndexCache; setToday(date: string): void } {
  let now = Date.parse(`${today}T12:00:00Z`);
  const store = new HtsReleaseRepository(db.knex);
  return {
    store,
    indexes: new HtsSearchIndexCache(store, sharedAnalyser),
    lexicon: sharedLexicon,
    clock: () => now,
    setToday(date: string) {
      now = Date.parse(`${date}T12:00:00Z`);
    },
  };
}
