import { type Request, Router } from 'express';
import { type BulkJobKind, bulkJobKinds, maxBulkFileBytes, templateTable } from '../domain/tariff';
import { DomainError, tableMediaTypes, type TableFormat, writeTable } from '../domain/shared';
import { multipartUpload, uploadedFilesOf } from '../http/multipart-upload';
import { messagePage } from './pages/auth-pages';
import { bulkJobPage, bulkJobProgress, bulkJobsPage, bulkPath } from './pages/bulk-job-pages';
import type { FormState } from './pages/layout';
import { refusedForm, sendPage, withForm } from './responses';
import { proGate } from './tariff-pro-routes';
import { accountScopeOf, visitorOf } from './visitor';
import type { Visitor, WebServices } from './web-context';

const pageSize = 20;
const kindOf = (value: unknown): BulkJobKind => bulkJobKinds.find((kind) => kind === value) ?? 'calculation';

/**
 * The upload form's body (multipart, the file streamed to disk as the API's uploads are), read
 * before the CSRF check so its `_csrf` field is there to check; only for a signed-in person.
 */
export function bulkUploadParser(web: WebServices) {
  const upload = multipartUpload(
    web.pro.uploadTempDir,
    {
      fileBytes: maxBulkFileBytes,
      fileTooLarge: `The file is larger than the limit of ${maxBulkFileBytes} bytes (8 MiB, limit max_bulk_file_bytes). Split it.`,
      files: 1,
      fields: 4,
      fieldBytes: 1024,
    },
    (req: Request) => req.is('multipart/form-data') === 'multipart/form-data',
  );
  return Router().post(bulkPath, (req, res, next) => (visitorOf(res).signedIn ? upload(req, res, next) : next()));
}

/** Bulk upload on the bulk job service the API uses: the upload, the job's live progress, its results (signed in, under /tools). */
export function bulkJobRoutes(web: WebServices): Router {
  const router = Router();
  const { bulkJobs } = web.pro;
  router.use(bulkPath, proGate(web, 'createBulkJob'));

  async function listPage(visitor: Visitor, req: Request, form: FormState, error?: DomainError) {
    const cursor = typeof req.query.cursor === 'string' && req.query.cursor !== '' ? req.query.cursor : null;
    const page = await bulkJobs.list(accountScopeOf(visitor), pageSize, cursor);
    const older = page.nextCursor ? `${bulkPath}?cursor=${encodeURIComponent(page.nextCursor)}` : null;
    const rowIssues = error?.issues.filter((issue) => issue.field.startsWith('file/')) ?? [];
    return bulkJobsPage(visitor, page.data, form, older, rowIssues);
  }

  router.get(bulkPath, async (req, res) =>
    sendPage(res, await listPage(visitorOf(res), req, { values: {}, fields: {} })),
  );

  router.get(`${bulkPath}/template.csv`, async (req, res) => {
    const kind = kindOf(req.query.kind);
    res
      .type(tableMediaTypes.csv)
      .setHeader('Content-Disposition', `attachment; filename="bulk-${kind.replace('_', '-')}-template.csv"`)
      .send(await writeTable(templateTable(kind), 'csv'));
  });

  router.post(bulkPath, async (req, res) => {
    const visitor = visitorOf(res);
    const kind = kindOf((req.body as Record<string, unknown>).kind);
    const values = { kind };
    await withForm(
      res,
      async () => {
        const file = uploadedFilesOf(req).find((f) => f.field === 'file' && f.size > 0);
        if (!file)
          throw new DomainError('invalid_input', 'Choose a CSV or XLSX file to upload.', [
            { field: 'file', message: 'Choose a CSV or XLSX file.' },
          ]);
        const job = await web.pro.startBulkJob(accountScopeOf(visitor), file, kind);
        res.redirect(303, `${bulkPath}/${job.id}`);
      },
      async (error) => {
        const form = refusedForm(error, values);
        if (error.kind !== 'invalid_input') form.fields.file = error.message;
        return listPage(visitor, req, { ...form, error: error.message }, error);
      },
    );
  });

  router.get(`${bulkPath}/:id`, async (req, res) => {
    const visitor = visitorOf(res);
    await withForm(
      res,
      async () =>
        sendPage(res, bulkJobPage(visitor, await bulkJobs.get(accountScopeOf(visitor), req.params.id as string))),
      (error) => messagePage(visitor, 'Not found', error.message),
    );
  });

  router.get(`${bulkPath}/:id/progress`, async (req, res) => {
    const visitor = visitorOf(res);
    await withForm(
      res,
      async () => sendPage(res, bulkJobProgress(await bulkJobs.get(accountScopeOf(visitor), req.params.id as string))),
      (error) => messagePage(visitor, 'Not found', error.message),
    );
  });

  // A job of another account or mode is the 404 page; a download of one not yet succeeded, 409.
  const download = (format: TableFormat | 'pdf') =>
    router.get(`${bulkPath}/:id/${format === 'pdf' ? 'report.pdf' : `results.${format}`}`, async (req, res) => {
      const visitor = visitorOf(res);
      await withForm(
        res,
        async () => {
          const found = await bulkJobs.finished(accountScopeOf(visitor), req.params.id as string);
          if (format === 'pdf') {
            const pdf = await web.pro.bulkReport(found);
            res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${found.id}.pdf"`);
            res.send(pdf);
            return;
          }
          const file = await web.pro.bulkResults(found, format);
          res
            .type(tableMediaTypes[format])
            .setHeader('Content-Disposition', `attachment; filename="${found.id}.${format}"`)
            .send(file);
        },
        (error) => messagePage(visitor, error.kind === 'not_found' ? 'Not found' : 'Not ready', error.message),
      );
    });
  download('csv');
  download('xlsx');
  download('pdf');
  return router;
}
