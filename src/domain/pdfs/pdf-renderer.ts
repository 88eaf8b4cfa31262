import { DomainError, givingWay, WorkerPool, workerEntryBeside } from '../shared';
import type { Form7501 } from '../entries';
import type { Invoice } from '../invoices';
import type { CatalogueImpact } from '../products';
import type { DutyReport } from '../tariff';
import type { PdfTask } from './pdf-worker';

/** Reads a report's rows into an array, giving the event loop turns (a bulk job's lines are computed as read). */
async function collect<T>(rows: AsyncIterable<T> | Iterable<T>): Promise<T[]> {
  const giveWay = givingWay();
  const all: T[] = [];
  for await (const row of rows) {
    all.push(row);
    await giveWay();
  }
  return all;
}

/**
 * PDFs (invoices, Form 7501 drafts, duty reports, tariff impact reports) built on worker threads (issue 43): pdfkit's layout and compression
 * are synchronous, and a bulk job's report took seconds of the event loop. The rows a report reads
 * from the database are read here first, then the document is built in a thread. Past the queue a
 * request is refused as busy (503 `service-busy` with `Retry-After`), as the load planner does.
 */
export class PdfRenderer {
  private readonly pool: WorkerPool<PdfTask, Uint8Array>;

  constructor(options: { threads?: number; maxQueue?: number } = {}) {
    this.pool = new WorkerPool({
      filename: workerEntryBeside(__filename, 'pdf-worker'),
      threads: options.threads,
      maxQueue: options.maxQueue,
      busyError: () =>
        new DomainError('busy', 'Every PDF thread is busy and the waiting line is full; retry in a few seconds.'),
    });
  }

  invoice(invoice: Invoice): Promise<Buffer> {
    return this.run({ kind: 'invoice', invoice });
  }

  /** A customs entry's Form 7501 fields as a printable draft, dated from the pricing they come from. */
  form7501(form: Form7501, pricedAt: number): Promise<Buffer> {
    return this.run({ kind: 'form-7501', form, pricedAt });
  }

  /** A catalogue's tariff impact report, dated when it was asked for. */
  productImpact(impact: CatalogueImpact, createdAt: number): Promise<Buffer> {
    return this.run({ kind: 'product-impact', impact, createdAt });
  }

  async dutyReport(report: DutyReport): Promise<Buffer> {
    const details = (await collect(report.details)).map((line) =>
      'claims' in line
        ? {
            ...line,
            claims: line.claims.map((claim) =>
              claim.value === undefined ? { ...claim, value: undefined } : { ...claim, value: claim.value.toString() },
            ),
          }
        : line,
    );
    const summary = report.summary && { ...report.summary, rows: await collect(report.summary.rows) };
    return this.run({ kind: 'duty-report', report: { ...report, details, ...(summary ? { summary } : {}) } });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async run(task: PdfTask): Promise<Buffer> {
    const bytes = await this.pool.run(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
