import { newId } from '../shared';
import type { RequestLogEntry, RequestOutcome, RequestOwner } from './model';
import type { RequestLogStore } from './ports';

export interface RequestRecorderOptions {
  /** A batch is written at least this often while records wait. */
  flushIntervalMs: number;
  /** Rows one insert writes at most; this many waiting start a write at once. */
  batchSize: number;
  /** Records held at most (waiting and being written); beyond it a record is dropped and counted, not queued. */
  maxBuffered: number;
  /** Told of records lost: the buffer was full (the database fell behind) or their write failed. */
  onDropped(reason: 'buffer_full' | 'write_failed', count: number, error?: unknown): void;
  /**
   * Whose credential this is, for a request refused before it was authenticated (a body the spec
   * refuses is answered before the key is read); null when it is no valid credential. Called when
   * the batch is written, never on the request path.
   */
  ownerOfCredential(secret: string): Promise<RequestOwner | null>;
}

/**
 * A request as it waits: its owner, or, still to be attributed, its credential (held only until its
 * batch is written). Kept as two parts so the request path builds no merged object.
 */
type Waiting = { owner: RequestOwner; outcome: RequestOutcome } | { credential: string; outcome: RequestOutcome };

/** The stored entry, written out field by field: cheaper than spreading the two parts. */
const entryOf = (owner: RequestOwner, outcome: RequestOutcome): RequestLogEntry => ({
  id: newId('rlog', outcome.createdAt),
  accountId: owner.accountId,
  livemode: owner.livemode,
  keyId: owner.keyId,
  host: outcome.host,
  method: outcome.method,
  path: outcome.path,
  status: outcome.status,
  latencyMs: outcome.latencyMs,
  requestId: outcome.requestId,
  createdAt: outcome.createdAt,
});

/**
 * Keeps the request log off the request path: a request's record is pushed onto an array, and
 * batches are written by a timer, by a full batch (on the next turn of the event loop, never in the
 * request's), and on stop. One write runs at a time; while the database is slow the records wait
 * in a bounded buffer, and past its bound they are dropped and counted rather than held without limit.
 */
export class RequestRecorder {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private writing: Promise<void> | null = null;
  private scheduled = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: Pick<RequestLogStore, 'insert'>,
    private readonly options: RequestRecorderOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    // A timer of bookkeeping never holds a process open.
    this.timer.unref();
  }

  record(owner: RequestOwner, outcome: RequestOutcome): void {
    this.push({ owner, outcome });
  }

  /** A request answered before its credential was read: attributed to the credential's account when written. */
  recordUnattributed(outcome: RequestOutcome, credential: string): void {
    this.push({ outcome, credential });
  }

  private push(entry: Waiting): void {
    if (this.waiting.length + this.inFlight >= this.options.maxBuffered) {
      this.options.onDropped('buffer_full', 1);
      return;
    }
    this.waiting.push(entry);
    if (this.waiting.length >= this.options.batchSize && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Writes every waiting record, a batch at a time; resolves once they are written (or counted as lost). */
  async flush(): Promise<void> {
    while (this.waiting.length > 0 || this.writing) {
      if (this.writing) {
        await this.writing;
        continue;
      }
      const batch = this.waiting.splice(0, this.options.batchSize);
      this.inFlight = batch.length;
      this.writing = this.write(batch).finally(() => {
        this.inFlight = 0;
        this.writing = null;
      });
    }
  }

  /** Stops the timer and writes what waits (graceful shutdown, before the database is closed). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(batch: Waiting[]): Promise<void> {
    const records: RequestLogEntry[] = [];
    // Each distinct credential looked up once a batch: a flood of refused requests with one key (or
    // with made-up ones, bounded by the buffer) costs the database a lookup per key, not per request.
    const owners = new Map<string, Promise<RequestOwner | null>>();
    for (const entry of batch) {
      let owner: RequestOwner | null;
      if ('owner' in entry) owner = entry.owner;
      else {
        let found = owners.get(entry.credential);
        if (!found) {
          found = this.options.ownerOfCredential(entry.credential).catch(() => null);
          owners.set(entry.credential, found);
        }
        owner = await found;
      }
      // Not a valid credential: no account's request, so nothing to log.
      if (owner) records.push(entryOf(owner, entry.outcome));
    }
    try {
      await this.store.insert(records);
    } catch (error) {
      this.options.onDropped('write_failed', records.length, error);
    }
  }
}
