import type { OutboxEvent } from '../../domain/shared';
import { type DeliveryAttempt, eventEnvelope, type WebhookEndpoint } from '../../domain/webhooks';
import { type Fragment, type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';
import { secretBox } from './secret-box';
import { subNavigation } from './sub-navigation';
import { utcTime } from './times';

const sections = [
  { href: '/developers/requests', label: 'Requests' },
  { href: '/developers/webhooks', label: 'Webhooks' },
  { href: '/developers/events', label: 'Events' },
];

/** A Developers page: the section's own navigation above the page's content. */
export function developersPage(visitor: Visitor, title: string, body: Fragment): Html {
  return page(visitor, title, html`${subNavigation(visitor, 'Developers', sections)} ${body}`);
}

export const modeBadge = (visitor: Visitor) => {
  const mode = visitor.signedIn!.session.mode;
  return html`<span class="badge ${mode}">${mode}</span>`;
};

const notice = (text: string | undefined) => (text ? html`<div class="notice" role="status">${text}</div>` : '');

function endpointStatus(endpoint: WebhookEndpoint): Html {
  if (endpoint.status === 'enabled')
    return endpoint.failingSince === null
      ? html`<span class="badge live">enabled</span>`
      : html`<span class="badge unresolved">failing since ${utcTime(endpoint.failingSince)}</span>`;
  const why = { user: 'by you', gone: 'the receiver answered 410 Gone', failing: 'deliveries kept failing' };
  return html`<span class="badge revoked">disabled</span>
    <span class="muted">${endpoint.disabledReason ? why[endpoint.disabledReason] : ''}</span>`;
}

/** What the endpoints page shows after an action: the new endpoint's secret (this once), or the refused form. */
export interface EndpointsOutcome {
  created?: WebhookEndpoint;
  form?: FormState;
}

export function webhooksPage(visitor: Visitor, endpoints: WebhookEndpoint[], outcome: EndpointsOutcome): Html {
  const form = outcome.form ?? { values: {}, fields: {} };
  const problem = (name: string) =>
    form.fields[name] ? html`aria-invalid="true" aria-describedby="w-${name}-error"` : '';
  const problemText = (name: string, label: string) =>
    form.fields[name] ? html`<p class="field-error" id="w-${name}-error">${label} ${form.fields[name]}.</p>` : '';
  return developersPage(
    visitor,
    'Webhooks',
    html`<h1>Webhooks ${modeBadge(visitor)}</h1>
      ${
        outcome.created
          ? html`<div class="notice warn" role="status">
              <p>
                <strong>Endpoint added.</strong> Copy its signing secret now: it verifies our
                <code>webhook-signature</code> header, and is shown in full this once.
              </p>
              ${secretBox('endpoint-secret', outcome.created.secret)}
            </div>`
          : ''
      }
      <section class="card" aria-labelledby="endpoints-h">
        <h2 id="endpoints-h">Endpoints</h2>
        ${
          endpoints.length === 0
            ? html`<p class="muted">No ${visitor.signedIn!.session.mode} endpoints yet.</p>`
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  ${endpoints.map(
                    (endpoint) =>
                      html`<tr>
                        <th scope="row">
                          <a href="/developers/webhooks/${endpoint.id}">${endpoint.url}</a>
                          ${endpoint.description ? html`<div class="muted">${endpoint.description}</div>` : ''}
                        </th>
                        <td data-label="Events">${endpoint.eventTypes.join(', ')}</td>
                        <td data-label="Status">${endpointStatus(endpoint)}</td>
                        <td data-label="Created">${utcTime(endpoint.createdAt)}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>
      <section class="card" aria-labelledby="add-endpoint-h">
        <h2 id="add-endpoint-h">Add an endpoint</h2>
        ${formError(form)}
        <form method="post" action="/developers/webhooks" novalidate>
          ${csrfField(visitor)}
          <label for="w-url">URL</label>
          <input
            id="w-url"
            name="url"
            type="url"
            inputmode="url"
            autocomplete="off"
            placeholder="https://example.com/webhooks/tradelane"
            value="${form.values.url ?? ''}"
            ${problem('url')}
          />
          ${problemText('url', 'URL')}
          <label for="w-events"
            >Events <span class="muted">(comma-separated: *, shipment.*, container.eta_changed…)</span></label
          >
          <input
            id="w-events"
            name="events"
            type="text"
            autocomplete="off"
            spellcheck="false"
            value="${form.values.events ?? '*'}"
            ${problem('events')}
          />
          ${problemText('events', 'Events')}
          <label for="w-description">Description <span class="muted">(optional)</span></label>
          <input
            id="w-description"
            name="description"
            type="text"
            maxlength="200"
            value="${form.values.description ?? ''}"
          />
          <div class="actions"><button>Add endpoint</button></div>
        </form>
      </section>`,
  );
}

function attemptResult(attempt: DeliveryAttempt): Html {
  if (attempt.statusCode === null) return html`<span class="badge revoked">no answer</span> ${attempt.error ?? ''}`;
  const ok = attempt.statusCode >= 200 && attempt.statusCode < 300;
  return html`<span class="badge ${ok ? 'live' : 'revoked'}">${attempt.statusCode}</span>`;
}

export interface EndpointOutcome {
  message?: string;
  form?: FormState;
  /** A secret just rotated in, shown this once. */
  secret?: string;
}

/** One endpoint: its settings, a test ping, enable/disable, delete, and its delivery log with a redeliver per event. */
export function endpointPage(
  visitor: Visitor,
  endpoint: WebhookEndpoint,
  attempts: DeliveryAttempt[],
  outcome: EndpointOutcome,
): Html {
  const base = `/developers/webhooks/${endpoint.id}`;
  const enabled = endpoint.status === 'enabled';
  return developersPage(
    visitor,
    `${endpoint.url} · Webhooks`,
    html`<p><a href="/developers/webhooks">← Webhooks</a></p>
      <h1 class="wrap">${endpoint.url}</h1>
      ${notice(outcome.message)} ${outcome.form ? formError(outcome.form) : ''}
      ${
        outcome.secret
          ? html`<div class="notice warn" role="status">
              <p><strong>New signing secret.</strong> Copy it now; the old one keeps signing beside it for 24 hours.</p>
              ${secretBox('endpoint-secret', outcome.secret)}
            </div>`
          : ''
      }
      <section class="card" aria-labelledby="endpoint-h">
        <h2 id="endpoint-h">Endpoint ${modeBadge(visitor)}</h2>
        <table class="facts">
          <tbody>
            <tr>
              <th scope="row">Status</th>
              <td>${endpointStatus(endpoint)}</td>
            </tr>
            <tr>
              <th scope="row">Events</th>
              <td>${endpoint.eventTypes.join(', ')}</td>
            </tr>
            <tr>
              <th scope="row">Description</th>
              <td>${endpoint.description ?? '—'}</td>
            </tr>
            <tr>
              <th scope="row">Id</th>
              <td><code>${endpoint.id}</code></td>
            </tr>
          </tbody>
        </table>
        <div class="actions">
          <form method="post" action="${base}/test">
            ${csrfField(visitor)}
            <button>Send test event</button>
          </form>
          <form method="post" action="${base}/status">
            ${csrfField(visitor)}
            <button class="secondary" name="status" value="${enabled ? 'disabled' : 'enabled'}">
              ${enabled ? 'Disable' : 'Enable'}
            </button>
          </form>
          <form method="post" action="${base}/rotate-secret">
            ${csrfField(visitor)}
            <button class="secondary">Rotate secret</button>
          </form>
          <form method="post" action="${base}/delete">
            ${csrfField(visitor)}
            <button class="danger">Delete endpoint</button>
          </form>
        </div>
      </section>
      <section class="card" aria-labelledby="deliveries-h">
        <h2 id="deliveries-h">Recent deliveries</h2>
        <p class="muted">
          Each attempt, newest first. A failed delivery is retried with backoff; a queued one is sent by the delivery
          worker within seconds (reload to see it).
        </p>
        ${
          attempts.length === 0
            ? html`<p class="muted">No delivery attempts yet.</p>`
            : html`<table class="stack deliveries">
                <thead>
                  <tr>
                    <th scope="col">Attempted</th>
                    <th scope="col">Event</th>
                    <th scope="col">Attempt</th>
                    <th scope="col">Response</th>
                    <th scope="col">Time</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  ${attempts.map(
                    (attempt) =>
                      html`<tr>
                        <th scope="row">${utcTime(attempt.startedAt, 'second')}</th>
                        <td data-label="Event">
                          <a href="/developers/events/${attempt.eventId}">${attempt.eventType}</a>
                          <div class="muted"><code>${attempt.eventId}</code></div>
                        </td>
                        <td data-label="Attempt">${attempt.attempt}</td>
                        <td data-label="Response">
                          ${attemptResult(attempt)}
                          ${
                            attempt.responseBody
                              ? html`<details>
                                  <summary>Body</summary>
                                  <pre class="response-body">${attempt.responseBody}</pre>
                                </details>`
                              : ''
                          }
                        </td>
                        <td data-label="Time">${attempt.durationMs} ms</td>
                        <td>
                          ${
                            enabled
                              ? html`<form method="post" action="/developers/events/${attempt.eventId}/redeliver">
                                  ${csrfField(visitor)}
                                  <input type="hidden" name="endpoint_id" value="${endpoint.id}" />
                                  <button class="secondary" aria-label="Redeliver ${attempt.eventId}">Redeliver</button>
                                </form>`
                              : ''
                          }
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
      </section>`,
  );
}

export function eventsPage(
  visitor: Visitor,
  events: OutboxEvent[],
  filter: { type: string; olderHref: string | null },
): Html {
  return developersPage(
    visitor,
    'Events',
    html`<h1>Events ${modeBadge(visitor)}</h1>
      <form method="get" action="/developers/events" class="card search-row" role="search">
        <label class="visually-hidden" for="e-type">Event type</label>
        <input
          id="e-type"
          name="type"
          type="search"
          placeholder="Filter by type: shipment.created"
          spellcheck="false"
          value="${filter.type}"
        />
        <button>Filter</button>
      </form>
      <section class="card" aria-label="Events">
        ${
          events.length === 0
            ? html`<p class="muted">
                No ${filter.type ? html`<code>${filter.type}</code>` : ''} events in the last 30 days.
              </p>`
            : html`<table class="stack">
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Event</th>
                    <th scope="col">About</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  ${events.map(
                    (event) =>
                      html`<tr>
                        <th scope="row"><a href="/developers/events/${event.id}">${event.type}</a></th>
                        <td data-label="Event"><code>${event.id}</code></td>
                        <td data-label="About">${event.subjectId ? html`<code>${event.subjectId}</code>` : '—'}</td>
                        <td data-label="Created">${utcTime(event.createdAt, 'second')}</td>
                      </tr>`,
                  )}
                </tbody>
              </table>`
        }
        ${filter.olderHref ? html`<p><a href="${filter.olderHref}">Older events →</a></p>` : ''}
      </section>`,
  );
}

/** One event: its payload exactly as delivered, and a redelivery to one endpoint or to every subscribed one. */
export function eventPage(
  visitor: Visitor,
  event: OutboxEvent,
  endpoints: WebhookEndpoint[],
  outcome: EndpointOutcome,
): Html {
  const enabled = endpoints.filter((endpoint) => endpoint.status === 'enabled');
  return developersPage(
    visitor,
    `${event.type} · Events`,
    html`<p><a href="/developers/events">← Events</a></p>
      <h1>${event.type}</h1>
      ${notice(outcome.message)} ${outcome.form ? formError(outcome.form) : ''}
      <section class="card" aria-labelledby="event-h">
        <h2 id="event-h" class="wrap"><code>${event.id}</code> ${modeBadge(visitor)}</h2>
        <p class="muted">Created ${utcTime(event.createdAt, 'second')}; kept 30 days.</p>
        <div class="code-block">
          <div class="code-head">
            <h3>Payload</h3>
            <button type="button" class="secondary" data-copy="event-payload">Copy</button>
          </div>
          <pre id="event-payload">${JSON.stringify(eventEnvelope(event), null, 2)}</pre>
        </div>
      </section>
      <section class="card" aria-labelledby="redeliver-h">
        <h2 id="redeliver-h">Redeliver</h2>
        ${
          enabled.length === 0
            ? html`<p class="muted">No enabled endpoints in this mode: <a href="/developers/webhooks">add one</a>.</p>`
            : html`<form method="post" action="/developers/events/${event.id}/redeliver">
                ${csrfField(visitor)}
                <label for="r-endpoint">Send to</label>
                <select id="r-endpoint" name="endpoint_id">
                  <option value="">Every enabled endpoint subscribed to ${event.type}</option>
                  ${enabled.map((endpoint) => html`<option value="${endpoint.id}">${endpoint.url}</option>`)}
                </select>
                <div class="actions"><button>Redeliver</button></div>
              </form>`
        }
      </section>`,
  );
}
