/** Small server-made HTML pages (landing page, problem types): escaped text, no scripts, no assets. */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char]);
}

/** Escapes a line of our own Markdown and renders its `code` spans. */
export function inlineMarkdown(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#1d2330}code{background:#f1f3f6;padding:0 .25em;border-radius:3px}table{border-collapse:collapse}td,th{padding:.3rem .8rem .3rem 0;text-align:left;vertical-align:top}a{color:#1f5fbf}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** True when the client asked for HTML (a browser); JSON clients and "any type" get JSON. */
export function prefersHtml(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/html');
}
