import type { OAuthClientRecord } from '../../domain/access';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError } from './layout';
import { secretBox } from './secret-box';

const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface ClientsOutcome {
  created?: { client: OAuthClientRecord; secret: string };
  message?: string;
  form?: FormState;
}

const swap = html`hx-target="#clients-panel" hx-swap="outerHTML"`;

function clientRow(visitor: Visitor, client: OAuthClientRecord): Html {
  const action = `/settings/integrations/clients/${encodeURIComponent(client.id)}/revoke`;
  return html`<tr id="client-${client.id}">
    <td data-label="Name">${client.name ?? 'Unnamed client'}</td>
    <td data-label="Client id"><code>${client.id}</code></td>
    <td data-label="Scopes">${client.scopes.join(', ')}</td>
    <td data-label="Status">
      <span class="badge ${client.revokedAt !== null ? 'revoked' : ''}"
        >${client.revokedAt !== null ? 'revoked' : 'active'}</span
      >
    </td>
    <td data-label="Created">${day(client.createdAt)}</td>
    <td>
      ${
        client.revokedAt === null
          ? html`<form method="post" action="${action}" hx-post="${action}" ${swap}>
              ${csrfField(visitor)}
              <button class="danger" aria-label="Revoke client ${client.name ?? client.id}">Revoke</button>
            </form>`
          : ''
      }
    </td>
  </tr>`;
}

/** OAuth clients (client credentials grant) of the session's mode: create with the secret shown once, list, revoke. */
export function clientsPanel(
  visitor: Visitor,
  clients: OAuthClientRecord[],
  scopes: readonly string[],
  outcome: ClientsOutcome,
): Html {
  const mode = visitor.signedIn!.session.mode;
  const shown = clients.filter((client) => client.mode === mode);
  const form = outcome.form ?? { values: {}, fields: {} };
  const checked = new Set((form.values.scopes ?? '').split(' '));
  return html`<section id="clients-panel" class="card" aria-labelledby="clients-h" aria-live="polite">
    <h2 id="clients-h">OAuth clients <span class="badge ${mode}">${mode}</span></h2>
    <p class="muted">For server-to-server access with short-lived tokens (<code>POST /oauth/token</code>).</p>
    ${outcome.message ? html`<div class="notice" role="status">${outcome.message}</div>` : ''}
    ${
      outcome.created
        ? html`<div class="notice warn" role="status">
            <p><strong>Copy the client secret now.</strong> It is shown this once.</p>
            <p>Client id: <code>${outcome.created.client.id}</code></p>
            ${secretBox('new-client-secret', outcome.created.secret)}
          </div>`
        : ''
    }
    ${formError(form)}
    <form method="post" action="/settings/integrations/clients" hx-post="/settings/integrations/clients" ${swap}>
      ${csrfField(visitor)}
      <label for="client-name">Name <span class="muted">(optional)</span></label>
      <input id="client-name" name="name" type="text" maxlength="100" value="${form.values.name ?? ''}" />
      <fieldset class="scopes" ${form.fields.scopes ? html`aria-invalid="true" aria-describedby="scopes-error"` : ''}>
        <legend>Scopes</legend>
        ${scopes.map(
          (scope) =>
            html`<label class="check"
              ><input type="checkbox" name="scopes" value="${scope}" ${checked.has(scope) ? 'checked' : ''} />
              ${scope}</label
            >`,
        )}
      </fieldset>
      ${form.fields.scopes ? html`<p class="field-error" id="scopes-error">Scopes ${form.fields.scopes}.</p>` : ''}
      <div class="actions"><button>Create OAuth client</button></div>
    </form>
    <h3>Your ${mode} clients</h3>
    ${
      shown.length === 0
        ? html`<p class="muted">No ${mode} OAuth clients yet.</p>`
        : html`<table class="keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client id</th>
                <th scope="col">Scopes</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              ${shown.map((client) => clientRow(visitor, client))}
            </tbody>
          </table>`
    }
  </section>`;
}
