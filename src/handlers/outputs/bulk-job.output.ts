import type { BulkJob, BulkJobLine } from '../../domain/tariff';
import type { components } from '../../generated/api';

type Schemas = components['schemas'];

const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

export function toApiBulkJob(job: BulkJob): Schemas['BulkJob'] {
  return {
    id: job.id,
    object: 'bulk_job',
    kind: job.kind,
    status: job.status,
    source: job.source,
    livemode: job.livemode,
    lines_total: job.linesTotal,
    lines_done: job.linesDone,
    lines_unresolved: job.linesUnresolved,
    errors: job.errors,
    created_at: iso(job.createdAt) as string,
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    results_url: `/api/tariff/bulk-jobs/${job.id}/results`,
    // Only a succeeded job has a report (the download is 409 otherwise): no link that would fail.
    report_url: job.status === 'succeeded' ? `/api/tariff/bulk-jobs/${job.id}/report.pdf` : null,
  };
}

export function toApiBulkJobLine(line: BulkJobLine): Schemas['BulkJobLine'] {
  return { line: line.line, input: line.input, output: line.output };
}
