/**
 * HTML templates as tagged template literals: every interpolated value is escaped unless it is
 * already Html (a template's result, or `raw` for markup we wrote), so a page cannot carry a
 * person's input as markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Fragment = Html | string | number | null | undefined | false | readonly Fragment[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]);
}

function render(value: Fragment): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return (value as readonly Fragment[]).map(render).join('');
  return escapeHtml(String(value as string | number));
}

export function html(strings: TemplateStringsArray, ...values: Fragment[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup written by us, never by a person. */
export const raw = (text: string): Html => new Html(text);
