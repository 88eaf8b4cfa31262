import { type Fragment, type Html, html } from '../html';
import type { Visitor } from '../web-context';

// `section`: the path prefix that marks the item current (every page of the section, not only its first).
const navigation: { href: string; label: string; section?: string }[] = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/settings/integrations', label: 'Integrations' },
  { href: '/tools/tariff', label: 'Tariff calculator' },
  { href: '/tools/hts-search', label: 'HTS search' },
  { href: '/tools/pro/simulator', label: 'Tariff Pro', section: '/tools/pro' },
  { href: '/tools/parcel', label: 'Parcel quotes' },
  { href: '/tools/load-planner', label: 'Load planner' },
  { href: '/tracking', label: 'Tracking' },
  { href: '/work/shipments', label: 'Shipments', section: '/work' },
  { href: '/developers/requests', label: 'Developers', section: '/developers' },
];

// htmx without eval, inline scripts or its injected indicator style: what the strict CSP allows.
const htmxConfig = JSON.stringify({
  allowEval: false,
  allowScriptTags: false,
  includeIndicatorStyles: false,
  historyCacheSize: 0,
  selfRequestsOnly: true,
  // A refused action (409, 422…) swaps in the panel that explains it, as a full page would show it.
  responseHandling: [
    { code: '204', swap: false },
    { code: '[2345]..', swap: true, error: false },
  ],
});

function header(visitor: Visitor): Html {
  const signedIn = visitor.signedIn;
  if (!signedIn)
    return html`<header class="top">
      <a class="brand" href="/login"><img src="${visitor.assets.icon.url}" alt="" />Tradelane</a>
      <nav class="main" aria-label="Account">
        <a href="/login" ${visitor.path === '/login' ? 'aria-current="page"' : ''}>Sign in</a>
        <a href="/signup" ${visitor.path === '/signup' ? 'aria-current="page"' : ''}>Create account</a>
      </nav>
    </header>`;
  const mode = signedIn.session.mode;
  return html`<header class="top">
    <a class="brand" href="/dashboard"><img src="${visitor.assets.icon.url}" alt="" />Tradelane</a>
    <nav class="main" aria-label="Main">
      ${navigation.map(
        (item) =>
          html`<a
            href="${item.href}"
            ${visitor.path.startsWith(item.section ?? item.href) ? html`aria-current="page"` : ''}
            >${item.label}</a
          >`,
      )}
    </nav>
    <div class="who">
      <form method="post" action="/dashboard/mode" class="mode-toggle" aria-label="Data mode">
        <input type="hidden" name="_csrf" value="${visitor.csrfToken}" />
        <input type="hidden" name="back" value="${visitor.path}" />
        <button name="mode" value="test" aria-pressed="${String(mode === 'test')}">Test</button>
        <button name="mode" value="live" aria-pressed="${String(mode === 'live')}">Live</button>
      </form>
      <span>${signedIn.account.email}</span>
      <form method="post" action="/logout">
        <input type="hidden" name="_csrf" value="${visitor.csrfToken}" />
        <button class="secondary">Log out</button>
      </form>
    </div>
  </header>`;
}

/**
 * A whole page: security-minded head (own assets with integrity, htmx configured for the CSP), header, main;
 * `head` adds a page's own scripts (the load planner's 3D view), so other pages never load them.
 */
export function page(
  visitor: Visitor,
  title: string,
  body: Fragment,
  options: { narrow?: boolean; head?: Html } = {},
): Html {
  const { assets } = visitor;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Tradelane</title>
        <meta name="htmx-config" content="${htmxConfig}" />
        <meta name="csrf-token" content="${visitor.csrfToken}" />
        <link rel="icon" href="${assets.icon.url}" type="image/svg+xml" />
        <link rel="stylesheet" href="${assets.css.url}" integrity="${assets.css.integrity}" />
        <script src="${assets.htmx.url}" integrity="${assets.htmx.integrity}" defer></script>
        <script src="${assets.js.url}" integrity="${assets.js.integrity}" defer></script>
        ${options.head}
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        ${header(visitor)}
        <main id="main" class="${options.narrow ? 'narrow' : ''}">${body}</main>
      </body>
    </html>`;
}

/** A form's state after a refused submission: what was typed back in, the message, the fields at fault. */
export interface FormState {
  values: Record<string, string>;
  error?: string;
  fields: Record<string, string>;
}

export const emptyForm: FormState = { values: {}, fields: {} };

/** A labelled input, marked invalid with its message when the last submission failed on it. */
export function field(
  form: FormState,
  name: string,
  label: string,
  type: 'text' | 'email' | 'password',
  autocomplete: string,
): Html {
  const problem = form.fields[name];
  const id = `f-${name}`;
  return html`<label for="${id}">${label}</label>
    <input
      id="${id}"
      name="${name}"
      type="${type}"
      autocomplete="${autocomplete}"
      required
      value="${type === 'password' ? '' : (form.values[name] ?? '')}"
      ${problem ? html`aria-invalid="true" aria-describedby="${id}-error"` : ''}
    />
    ${problem ? html`<p class="field-error" id="${id}-error">${label} ${problem}.</p>` : ''}`;
}

export const formError = (form: FormState): Html =>
  form.error ? html`<div class="notice error" role="alert">${form.error}</div>` : html``;

export const csrfField = (visitor: Visitor): Html =>
  html`<input type="hidden" name="_csrf" value="${visitor.csrfToken}" />`;
