import type { RequestLogEntry } from '../../domain/request-log';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { developersPage, modeBadge } from './developers-pages';
import { type FormState, formError } from './layout';
import { utcTime } from './times';

/** The key a request came with as the person knows it (`tl_test_…a1b2 · CI`), else its id (an OAuth client's). */
export type KeyLabels = ReadonlyMap<string, string>;

const entryHref = (entry: RequestLogEntry) => `/developers/requests/${encodeURIComponent(entry.requestId)}`;

function statusBadge(status: number): Html {
  const kind = status < 400 ? 'live' : status < 500 ? 'unresolved' : 'revoked';
  return html`<span class="badge ${kind}">${status}</span>`;
}

const keyOf = (entry: RequestLogEntry, keys: KeyLabels) => keys.get(entry.keyId) ?? entry.keyId;

export interface RequestsView {
  form: FormState;
  /** The link to the next (older) page, filters kept; null on the last page. */
  olderHref: string | null;
}

/** Developers → Requests: the account's API requests of the session's mode, newest first, filtered by status and path. */
export function requestsPage(visitor: Visitor, entries: RequestLogEntry[], keys: KeyLabels, view: RequestsView): Html {
  const { form } = view;
  const invalid = (name: string) =>
    form.fields[name] ? html`aria-invalid="true" aria-describedby="r-${name}-error"` : '';
  const filtered = Boolean(form.values.status || form.values.path);
  return developersPage(
    visitor,
    'Requests',
    html`<h1>Requests ${modeBadge(visitor)}</h1>
      ${formError(form)}
      <form method="get" action="/developers/requests" class="card filters" role="search">
        <div>
          <label for="r-status">Status</label>
          <input
            id="r-status"
            name="status"
            type="search"
            placeholder="2xx, 4xx, 404"
            spellcheck="false"
            value="${form.values.status ?? ''}"
            ${invalid('status')}
          />
          ${
            form.fields.status ? html`<p class="field-error" id="r-status-error">Status ${form.fields.status}.</p>` : ''
          }
        </div>
        <div>
          <label for="r-path">Path starts with</label>
          <input
            id="r-path"
            name="path"
            type="search"
            placeholder="/api/shipments"
            spellcheck="false"
            value="${form.values.path ?? ''}"
          />
        </div>
        <div class="actions"><button>Filter</button></div>
      </form>
      <section class="card" aria-label="Requests">
        <p class="muted">
          Every request made with this account's ${visitor.signedIn!.session.mode} keys or access tokens, kept 30 days;
          recorded within seconds of its answer.
        </p>
        ${
          entries.length === 0
            ? html`<p class="muted">No requests${filtered ? ' match these filters' : ''} in the last 30 days.</p>`
            : html`<table class="stack requests">
                <thead>
                  <tr>
                    <th scope="col">Request</th>
                    <th scope="col">Status</th>
                    <th scope="col">Latency</th>
                    <th scope="col">Key</th>
                    <th scope="col">Time</th>
                  </tr>
                </thead>
                <tbody>
                  ${entries.map(
                    (entry) =>
                      html`<tr>
                        <th scope="row" class="wrap">
                          <a href="${entryHref(entry)}"><code>${entry.method} ${entry.path}</code></a>
                          <div class="muted"><code>${entry.requestId}</code></div>
                        </th>
                        <td data-label="Status">${statusBadge(entry.status)}</td>
                        <td data-label="Latency">${entry.latencyMs} ms</td>
                        <td data-label="Key"><code>${keyOf(entry, keys)}</code></td>
                        <td data-label="Time">${utcTime(entry.createdAt, 'second')}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
        ${view.olderHref ? html`<p><a href="${view.olderHref}">Older requests →</a></p>` : ''}
      </section>`,
  );
}

/** One request of the log, as its request id (the X-Request-Id header and a problem's request_id) finds it. */
export function requestPage(visitor: Visitor, entry: RequestLogEntry, keys: KeyLabels): Html {
  const facts: [string, Html | string][] = [
    ['Status', statusBadge(entry.status)],
    ['Method', entry.method],
    ['Path', html`<code>${entry.path}</code>`],
    ['Host', entry.host],
    ['Latency', `${entry.latencyMs} ms`],
    ['Key', html`<code>${keyOf(entry, keys)}</code>`],
    ['Request id', html`<code>${entry.requestId}</code>`],
    ['Time', utcTime(entry.createdAt, 'second')],
  ];
  return developersPage(
    visitor,
    `${entry.method} ${entry.path} · Requests`,
    html`<p><a href="/developers/requests">← Requests</a></p>
      <h1 class="wrap">${entry.method} ${entry.path}</h1>
      <section class="card" aria-labelledby="request-h">
        <h2 id="request-h" class="wrap"><code>${entry.requestId}</code> ${modeBadge(visitor)}</h2>
        <table class="facts">
          <tbody>
            ${facts.map(
              ([label, value]) =>
                html`<tr>
                  <th scope="row">${label}</th>
                  <td>${value}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <p class="muted">
          Kept 30 days. The path is recorded without its query string; no header or body is kept. The same id is in the
          response's <code>X-Request-Id</code> header and in an error's <code>request_id</code>.
        </p>
      </section>`,
  );
}
