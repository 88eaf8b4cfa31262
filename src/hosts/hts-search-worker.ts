/**
 * Worker-thread entry of the AI search pool (domain/classify/search-pool.ts): ranks a query against
 * the release in force with an index this thread builds from the database (workerData.databaseUrl).
 */
import { workerData } from 'node:worker_threads';
import { openDatabase } from '../db/knex';
import { HtsReleaseRepository } from '../db/repositories/hts-release.repository';
import { HtsSearchIndexCache, searchTaskRunner } from '../domain/classify';
import { loadLexicon } from '../reference/classify/lexicon-files';

const { databaseUrl } = workerData as { databaseUrl: string };
const store = new HtsReleaseRepository(openDatabase(databaseUrl).knex);
const indexes = new HtsSearchIndexCache(store);

export default searchTaskRunner({ store, indexes, lexicon: loadLexicon(indexes.analyser) });
