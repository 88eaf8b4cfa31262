import { decodeCursor, DomainError, pageOf } from '../domain/shared';
import {
  type BulkFileReader,
  type BulkJob,
  type BulkJobKind,
  type BulkJobService,
  type BulkJobSource,
  bulkReportDetailDefault,
  type DutyEngineDependencies,
  claimsCellOf,
  type RawRow,
  bulkJobReport,
  resultColumns,
  resultsTable,
  templateTable,
} from '../domain/tariff';
import type { components } from '../generated/api';
import type { operations } from '../generated/hosts/tariff';
import type { PdfRenderer } from '../domain/pdfs';
import type { OperationHandler } from '../http/operation';
import { tableFileResponse, tableFormatOf } from './inputs/table-format';
import { toApiBulkJob, toApiBulkJobLine } from './outputs/bulk-job.output';
import { listResponse } from './outputs/list';
import { accountScopeOf } from '../http/caller-scope';

type BulkOperation =
  'createBulkJob' | 'listBulkJobs' | 'getBulkJob' | 'getBulkJobResults' | 'getBulkJobReport' | 'getBulkJobTemplate';
type JsonLine = components['schemas']['BulkJobLineInput'];

const bulkJobsPath = '/api/tariff/bulk-jobs';

/** JSON lines as rows: the claims array written as a claims cell, so both inputs read the same. */
function jsonRows(lines: JsonLine[]): RawRow[] {
  return lines.map((line, index) => {
    const { claims, ...cells } = line;
    return { at: `lines/${index}`, cells: { ...cells, claims: Array.isArray(claims) ? claimsCellOf(claims) : claims } };
  });
}

const isLineCursor = (value: unknown): value is { line: number } =>
  typeof value === 'object' && value !== null && Number.isSafeInteger((value as { line?: unknown }).line);

/** A succeeded job's PDF duty report, its first `detail` lines in full (the API's download and the web page's). */
export function bulkJobReportPdf(
  bulkJobs: BulkJobService,
  engine: (today: string) => Promise<DutyEngineDependencies>,
  pdfs: PdfRenderer,
  job: BulkJob,
  detail: number,
): Promise<Buffer> {
  return pdfs.dutyReport(
    bulkJobReport({
      job,
      lines: () => bulkJobs.linesInOrder(job.id),
      // The job's own date, as the worker computed it.
      engine: () => engine(new Date(job.createdAt).toISOString().slice(0, 10)),
      detail,
    }),
  );
}

export function bulkJobHandlers(
  bulkJobs: BulkJobService,
  reader: BulkFileReader,
  engine: (today: string) => Promise<DutyEngineDependencies>,
  pdfs: PdfRenderer,
): { [K in BulkOperation]: OperationHandler<operations[K]> } {
  return {
    createBulkJob: async ({ body, call }) => {
      const kind = (body?.kind ?? 'calculation') as BulkJobKind;
      const file = call.files.find((f) => f.field === 'file');
      const lines = (body as { lines?: JsonLine[] } | undefined)?.lines;
      let input: { source: BulkJobSource; rows: RawRow[] };
      if (file) input = await reader.readFile(file, kind);
      else if (lines) input = { source: 'json', rows: jsonRows(lines) };
      else
        throw new DomainError(
          'invalid_input',
          'Send the lines as a multipart part named file (CSV or XLSX), or as JSON lines.',
          [{ field: 'file', message: 'a file part is required' }],
        );
      const job = await bulkJobs.create(accountScopeOf(call), kind, input.source, input.rows);
      return { status: 202, headers: { Location: `${bulkJobsPath}/${job.id}` }, body: toApiBulkJob(job) };
    },
    listBulkJobs: async ({ query, call }) => {
      const limit = query.limit ?? 20;
      const page = await bulkJobs.list(accountScopeOf(call), limit, query.cursor ?? null);
      return { status: 200, ...listResponse(page, toApiBulkJob, bulkJobsPath, { limit }) };
    },
    getBulkJob: async ({ params, call }) => ({
      status: 200,
      body: toApiBulkJob(await bulkJobs.get(accountScopeOf(call), params.bulk_job_id)),
    }),
    getBulkJobResults: async ({ params, query, call }) => {
      const job = await bulkJobs.finished(accountScopeOf(call), params.bulk_job_id);
      const format = tableFormatOf(query.format, call);
      if (format) return tableFileResponse(resultsTable(job, bulkJobs.linesInOrder(job.id)), format, job.id);
      const limit = query.limit ?? 100;
      const after = query.cursor === undefined ? 0 : decodeCursor(query.cursor, isLineCursor).line;
      const page = pageOf(await bulkJobs.linesAfter(job.id, after, limit + 1), limit, (last) => ({ line: last.line }));
      const listed = listResponse(page, toApiBulkJobLine, `${bulkJobsPath}/${job.id}/results`, {
        limit,
        format: query.format,
      });
      return {
        status: 200,
        headers: listed.headers,
        body: { ...listed.body, kind: job.kind, columns: resultColumns(job.kind) },
      };
    },
    getBulkJobReport: async ({ params, query, call }) => {
      const job = await bulkJobs.finished(accountScopeOf(call), params.bulk_job_id);
      const pdf = await bulkJobReportPdf(bulkJobs, engine, pdfs, job, query.detail ?? bulkReportDetailDefault);
      // The adapter sends a Buffer as it is; the generated type names binary bodies as strings.
      return {
        status: 200,
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': `inline; filename="${job.id}.pdf"` },
        body: pdf as unknown as string,
      };
    },
    getBulkJobTemplate: async ({ query }) => {
      const kind = (query.kind ?? 'calculation') as BulkJobKind;
      return tableFileResponse(templateTable(kind), query.format ?? 'csv', `bulk-${kind.replace('_', '-')}-template`);
    },
  };
}
