import { type Html, html } from '../html';
import type { Visitor } from '../web-context';

/** A section's own pages (Developers, the account's work) as tabs under the main navigation. */
export function subNavigation(visitor: Visitor, label: string, items: { href: string; label: string }[]): Html {
  return html`<nav class="sub" aria-label="${label}">
    ${items.map(
      (item) =>
        html`<a href="${item.href}" ${visitor.path.startsWith(item.href) ? html`aria-current="page"` : ''}
          >${item.label}</a
        >`,
    )}
  </nav>`;
}
