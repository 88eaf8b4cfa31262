import { DomainError, WorkerPool } from '../shared';
import type { CandidateReranker } from './llm-reranker';
import type { HtsSearchIndexCache } from './search-index-cache';
import {
  checkQueryLength,
  HtsSearchDeps,
  HtsSearchError,
  HtsSearchRequest,
  HtsSearchResult,
  rerankSearchResult,
  searchHtsCodes,
} from './hts-search.service';

/**
 * One task for a worker thread: a search, with the time it was received (the release in force then);
 * or building a release's index ahead (after an import), answered with the releases it holds indexed.
 */
export type SearchTask = { request: HtsSearchRequest; receivedAt: number } | { indexReleaseId: string };

/** A worker's answer; an HtsSearchError crosses the thread as data, since worker_threads keep only an error's message. */
export type SearchAnswer =
  | { ok: true; result: HtsSearchResult }
  | { ok: false; reason: HtsSearchError['reason']; message: string }
  | { indexed: string[] };

/** What a search worker runs each task with: its own store, index cache and lexicon (no re-ranker). */
export function searchTaskRunner(deps: Omit<HtsSearchDeps, 'clock' | 'reranker'> & { indexes: HtsSearchIndexCache }) {
  return async (task: SearchTask): Promise<SearchAnswer> => {
    if ('indexReleaseId' in task) {
      await deps.indexes.rebuildFor(task.indexReleaseId);
      return { indexed: deps.indexes.cachedReleaseIds() };
    }
    try {
      const result = await searchHtsCodes(task.request, { ...deps, clock: () => task.receivedAt, reranker: null });
      return { ok: true, result };
    } catch (error) {
      if (error instanceof HtsSearchError) return { ok: false, reason: error.reason, message: error.message };
      throw error;
    }
  };
}

export interface HtsSearchPoolOptions {
  /** The worker entry (it builds the runner over the database); it lives where the database may be opened. */
  filename: string;
  /** Handed to each worker thread (e.g. the database URL). */
  workerData: unknown;
  /** Threads searching at once; default: one less than the machine's cores, at least one. */
  threads?: number;
  /** Searches waiting for a thread beyond which search() is refused at once (503 service-busy); default 100. */
  maxQueue?: number;
}

/**
 * AI search on worker threads: scoring a query against a release's index takes 10–300 ms of CPU, which
 * on the main thread held every other request of the process for as long (issue 43). Each thread
 * builds its own index of the release in force from the database on first use (a new release has a
 * new id, so an import in another process is seen); the optional model re-ranking, which waits on the
 * network, runs here. Past the queue a search is refused as busy, as the load planner does.
 */
export class HtsSearchPool {
  private readonly pool: WorkerPool<SearchTask, SearchAnswer>;

  constructor(
    options: HtsSearchPoolOptions,
    private readonly reranker: CandidateReranker | null,
  ) {
    this.pool = new WorkerPool({
      filename: options.filename,
      workerData: options.workerData,
      threads: options.threads,
      maxQueue: options.maxQueue,
      // A thread keeps the index it built (seconds of CPU, about 100 MB) for the life of the process.
      idleTimeoutMs: Infinity,
      busyError: () =>
        new DomainError('busy', 'Every AI search thread is busy and the waiting line is full; retry in a few seconds.'),
    });
  }

  async search(request: HtsSearchRequest, receivedAt: number): Promise<HtsSearchResult> {
    // Refused here, before a thread is taken: a worker's DomainError would cross the thread as a bare Error.
    checkQueryLength(request.query);
    const answer = await this.pool.run({ request, receivedAt });
    if ('indexed' in answer) throw new Error('a search answered as an indexing');
    if (!answer.ok) throw new HtsSearchError(answer.reason, answer.message);
    return rerankSearchResult(answer.result, request.query, this.reranker);
  }

  /**
   * Builds a newly imported release's index on a search thread, so the first searches of it do not
   * wait for it (the main thread keeps no index: it never searches). Answers the release ids that
   * thread holds indexed. With several threads, the others build theirs on their first search.
   */
  async indexAhead(releaseId: string): Promise<string[]> {
    const answer = await this.pool.run({ indexReleaseId: releaseId });
    if (!('indexed' in answer)) throw new Error('an indexing answered as a search');
    return answer.indexed;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
