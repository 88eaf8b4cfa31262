import { type Html, html } from '../html';

/** A secret shown once, with a copy button (src/web/assets/app.js copies the code's text). */
export const secretBox = (id: string, secret: string): Html =>
  html`<div class="secret">
    <code id="${id}">${secret}</code>
    <button type="button" class="secondary" data-copy="${id}">Copy</button>
  </div>`;
