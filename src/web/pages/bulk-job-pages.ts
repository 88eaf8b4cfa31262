import type { FieldIssue } from '../../domain/shared';
import type { BulkJob } from '../../domain/tariff';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError } from './layout';
import { proPage } from './tariff-pro-layout';
import { utcTime } from './times';
import { label, noneYet } from './work-pages';

export const bulkPath = '/tools/pro/bulk';
const kindLabels: Record<BulkJob['kind'], string> = {
  calculation: 'Duty calculation',
  ieepa_refund: 'IEEPA refund estimate',
};

const finished = (job: BulkJob) => job.status === 'succeeded' || job.status === 'failed';

const statusBadge = (job: BulkJob): Html =>
  html`<span class="badge ${job.status === 'succeeded' ? 'live' : job.status === 'failed' ? 'revoked' : 'test'}"
    >${label(job.status)}</span
  >`;

/**
 * The job's progress: a progress bar while it runs, which htmx asks for again every second (the
 * answer replaces it, so polling stops with the answer that has no trigger: the finished job's),
 * and once it has succeeded, its downloads.
 */
export function bulkJobProgress(job: BulkJob): Html {
  const polling = finished(job)
    ? html``
    : html`hx-get="${bulkPath}/${job.id}/progress" hx-trigger="every 1s" hx-swap="outerHTML"`;
  return html`<section id="job-progress" class="card" aria-labelledby="progress-h" aria-live="polite" ${polling}>
    <h2 id="progress-h">${statusBadge(job)} ${job.linesDone} of ${job.linesTotal} lines</h2>
    <progress max="${job.linesTotal}" value="${job.linesDone}" aria-labelledby="progress-h">
      ${job.linesDone} of ${job.linesTotal}
    </progress>
    <p>
      ${job.linesUnresolved} unresolved${finished(job) ? '' : ' so far'} (their figures are left open with the reason,
      never counted as 0).${job.finishedAt === null ? '' : ` Finished ${utcTime(job.finishedAt)}.`}
    </p>
    ${job.errors.length > 0 ? html`<div class="notice error" role="alert">${job.errors.join(' ')}</div>` : ''}
    ${
      job.status === 'succeeded'
        ? html`<h3>Results</h3>
            <ul class="downloads">
              <li><a href="${bulkPath}/${job.id}/results.csv" download>Results as CSV</a></li>
              <li><a href="${bulkPath}/${job.id}/results.xlsx" download>Results as XLSX</a></li>
              <li><a href="${bulkPath}/${job.id}/report.pdf">Duty report (PDF)</a></li>
            </ul>`
        : finished(job)
          ? ''
          : html`<p class="muted">Updates by itself; <a href="${bulkPath}/${job.id}">reload</a> without script.</p>`
    }
  </section>`;
}

export function bulkJobPage(visitor: Visitor, job: BulkJob): Html {
  return proPage(
    visitor,
    `Bulk job ${job.id}`,
    html`<p><a href="${bulkPath}">All bulk jobs</a></p>
      <h1>Bulk job <code>${job.id}</code></h1>
      <table class="facts">
        <tbody>
          <tr>
            <th scope="row">Kind</th>
            <td>${kindLabels[job.kind]}</td>
          </tr>
          <tr>
            <th scope="row">From</th>
            <td>${job.source.toUpperCase()}</td>
          </tr>
          <tr>
            <th scope="row">Created</th>
            <td>${utcTime(job.createdAt)}</td>
          </tr>
        </tbody>
      </table>
      ${bulkJobProgress(job)}`,
  );
}

/** A refused file's problems by row and column (the header is row 1), as the API names them under /body/file. */
function rowIssue(issue: FieldIssue): string {
  const at = /^file\/(\d+)\/(.+)$/.exec(issue.field);
  return at ? `Row ${at[1]}, ${at[2]}: ${issue.message}` : `${issue.field}: ${issue.message}`;
}

export function bulkJobsPage(
  visitor: Visitor,
  jobs: BulkJob[],
  form: FormState,
  olderHref: string | null,
  rowIssues: FieldIssue[] = [],
): Html {
  const kind = form.values.kind ?? 'calculation';
  const problem = form.fields.file;
  return proPage(
    visitor,
    'Bulk upload',
    html`<h1>Bulk upload</h1>
      <section class="card" aria-labelledby="upload-h">
        <h2 id="upload-h">Upload a file</h2>
        <p class="muted">
          Up to 50,000 lines in a CSV or XLSX file (8 MiB), a header row naming the columns of the template. The whole
          file is checked first: a bad row refuses it all, naming each row and column. It is then computed in the
          background, as <code>POST /api/tariff/bulk-jobs</code> computes it.
        </p>
        <p>
          Templates: <a href="${bulkPath}/template.csv?kind=calculation" download>calculation (CSV)</a>,
          <a href="${bulkPath}/template.csv?kind=ieepa_refund" download>IEEPA refund (CSV)</a>.
        </p>
        ${formError(form)}
        <form method="post" action="${bulkPath}" enctype="multipart/form-data">
          ${csrfField(visitor)}
          <label for="bulk-kind">Kind</label>
          <select id="bulk-kind" name="kind">
            ${Object.entries(kindLabels).map(
              ([value, text]) => html`<option value="${value}" ${value === kind ? 'selected' : ''}>${text}</option>`,
            )}
          </select>
          <label for="bulk-file">CSV or XLSX file</label>
          <input
            id="bulk-file"
            name="file"
            type="file"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            ${problem ? html`aria-invalid="true" aria-describedby="bulk-file-error"` : ''}
          />
          ${problem ? html`<p class="field-error" id="bulk-file-error">${problem}</p>` : ''}
          ${
            rowIssues.length > 0
              ? html`<ul class="field-error" id="bulk-rows">
                  ${rowIssues.map((issue) => html`<li>${rowIssue(issue)}</li>`)}
                </ul>`
              : ''
          }
          <button type="submit">Upload and start</button>
        </form>
      </section>
      <section aria-labelledby="jobs-h">
        <h2 id="jobs-h">Jobs</h2>
        ${
          jobs.length === 0
            ? noneYet(visitor, 'bulk jobs')
            : html`<div class="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Job</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Status</th>
                      <th scope="col">Lines</th>
                      <th scope="col">Created</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${jobs.map(
                      (job) =>
                        html`<tr>
                          <td>
                            <a href="${bulkPath}/${job.id}"><code>${job.id}</code></a>
                          </td>
                          <td>${kindLabels[job.kind]}</td>
                          <td>${statusBadge(job)}</td>
                          <td>${job.linesDone} of ${job.linesTotal}</td>
                          <td>${utcTime(job.createdAt)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
        }
        ${olderHref ? html`<p><a href="${olderHref}">Older jobs</a></p>` : ''}
      </section>`,
  );
}
