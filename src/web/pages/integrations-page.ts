import { type ApiKeyRecord, keyStatus } from '../../domain/access';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';
import { secretBox } from './secret-box';
import { utcTime } from './times';

export const graceChoices = [
  { seconds: 0, label: 'now' },
  { seconds: 3600, label: 'in 1 hour' },
  { seconds: 86400, label: 'in 24 hours' },
  { seconds: 604800, label: 'in 7 days' },
];

/** What the panel shows after an action: a secret shown this once, and what happened. */
export interface KeysOutcome {
  created?: { secret: string; record: ApiKeyRecord };
  message?: string;
  form?: FormState;
}

// Every form in the panel posts normally without script; with htmx it swaps only the panel.
const swap = html`hx-target="#keys-panel" hx-swap="outerHTML"`;

function keyRow(visitor: Visitor, key: ApiKeyRecord, now: number): Html {
  const status = keyStatus(key, now);
  const base = `/settings/integrations/keys/${encodeURIComponent(key.id)}`;
  const usable = status === 'active';
  return html`<tr id="key-${key.id}">
    <td data-label="Name">${key.name ?? 'Unnamed key'}</td>
    <td data-label="Key"><code>${key.prefix}…${key.last4}</code></td>
    <td data-label="Status">
      <span class="badge ${status === 'revoked' ? 'revoked' : ''}">${status}</span>
      ${status === 'expiring' ? html`<span class="muted">until ${utcTime(key.expiresAt)}</span>` : ''}
    </td>
    <td data-label="Created">${utcTime(key.createdAt)}</td>
    <td data-label="Last used">${utcTime(key.lastUsedAt)}</td>
    <td>
      ${
        usable
          ? html`<form method="post" action="${base}/rotate" hx-post="${base}/rotate" ${swap}>
                ${csrfField(visitor)}
                <label class="muted" for="grace-${key.id}">Old key stops</label>
                <select id="grace-${key.id}" name="grace_period_seconds">
                  ${graceChoices.map(
                    (choice) =>
                      html`<option value="${choice.seconds}" ${choice.seconds === 86400 ? 'selected' : ''}>
                        ${choice.label}
                      </option>`,
                  )}
                </select>
                <button class="secondary" aria-label="Rotate ${key.name ?? key.last4}">Rotate</button>
              </form>
              <form method="post" action="${base}/revoke" hx-post="${base}/revoke" ${swap}>
                ${csrfField(visitor)}
                <button class="danger" aria-label="Revoke ${key.name ?? key.last4}">Revoke</button>
              </form>`
          : ''
      }
    </td>
  </tr>`;
}

/** The keys of the session's mode with the create form: the part of the page htmx swaps. */
export function keysPanel(visitor: Visitor, keys: ApiKeyRecord[], outcome: KeysOutcome, now: number): Html {
  const mode = visitor.signedIn!.session.mode;
  const shown = keys.filter((key) => key.mode === mode);
  const form = outcome.form ?? { values: {}, fields: {} };
  return html`<section id="keys-panel" class="card" aria-labelledby="keys-h" aria-live="polite">
    <h2 id="keys-h">API keys <span class="badge ${mode}">${mode}</span></h2>
    ${outcome.message ? html`<div class="notice" role="status">${outcome.message}</div>` : ''}
    ${
      outcome.created
        ? html`<div class="notice warn" role="status">
            <p><strong>Copy your new key now.</strong> It is shown this once; we keep only a hash of it.</p>
            ${secretBox('new-key-secret', outcome.created.secret)}
          </div>`
        : ''
    }
    ${formError(form)}
    <form method="post" action="/settings/integrations/keys" hx-post="/settings/integrations/keys" ${swap}>
      ${csrfField(visitor)}
      <label for="key-name">Name <span class="muted">(optional, e.g. "ERP production")</span></label>
      <input id="key-name" name="name" type="text" maxlength="100" value="${form.values.name ?? ''}" />
      <div class="actions"><button>Generate API Key</button></div>
    </form>
    <h3>Your ${mode} keys</h3>
    ${
      shown.length === 0
        ? html`<p class="muted">No ${mode} keys yet.</p>`
        : html`<table class="keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              ${shown.map((key) => keyRow(visitor, key, now))}
            </tbody>
          </table>`
    }
  </section>`;
}

export function integrationsPage(visitor: Visitor, panels: Html[]): Html {
  return page(
    visitor,
    'Integrations',
    html`<p class="muted"><a href="/dashboard">Settings</a> › Integrations</p>
      <h1>Integrations</h1>
      <p>
        Send a key in the <code>X-API-Key</code> header. Test keys (<code>tl_test_</code>) answer with sample data; live
        keys (<code>tl_live_</code>) count against your plan. Switch mode in the header.
      </p>
      ${panels}`,
  );
}
