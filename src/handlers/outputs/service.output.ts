import type { components } from '../../generated/api';
import { codesOf, problemKinds, ProblemKind, problemTypeBase } from '../../http/problem';
import { escapeHtml, htmlPage, inlineMarkdown } from './html-page';

type LandingPage = components['schemas']['LandingPage'];
type ProblemType = components['schemas']['ProblemType'];

export function landingPageHtml(page: LandingPage): string {
  const hosts = page.hosts
    .map(
      (entry) =>
        `<tr><td><code>${escapeHtml(entry.host)}</code></td><td><a href="${escapeHtml(entry.url)}/">${escapeHtml(entry.url)}</a></td><td>${escapeHtml(entry.serves)}</td></tr>`,
    )
    .join('\n');
  return htmlPage(
    `${page.name} (${page.host} host)`,
    `<h1>${escapeHtml(page.name)}</h1>
<p>This is the <strong>${escapeHtml(page.host)}</strong> host at <code>${escapeHtml(page.url)}</code>, API version <code>${escapeHtml(page.api_version)}</code>.</p>
<ul>
<li><a href="${escapeHtml(page.links.quickstart)}">Quickstart</a>: sign up, get a test key, make one call per capability.</li>
<li><a href="${escapeHtml(page.links.reference)}">API reference</a> of this host.</li>
<li><a href="${escapeHtml(page.links.spec)}">OpenAPI document</a> of this host.</li>
<li><a href="${escapeHtml(page.links.problems)}">Errors</a>: every problem type.</li>
</ul>
<h2>Hosts</h2>
<table>
<tr><th>host</th><th>address</th><th>serves</th></tr>
${hosts}
</table>`,
  );
}

export function problemTypeOf(slug: ProblemKind): ProblemType {
  const { status, title, description } = problemKinds[slug];
  return {
    object: 'problem_type',
    type: problemTypeBase + slug,
    slug,
    status,
    title,
    description,
    codes: codesOf(slug),
  };
}

export function problemTypeHtml(problem: ProblemType): string {
  return htmlPage(
    problem.title,
    `<h1>${escapeHtml(problem.title)}</h1>
<p><code>${escapeHtml(problem.type)}</code>, HTTP ${problem.status}</p>
<p>${inlineMarkdown(problem.description)}</p>
<table>
<tr><th><code>code</code></th><th>situation</th></tr>
${problem.codes.map((c) => `<tr><td><code>${escapeHtml(c.code)}</code></td><td>${inlineMarkdown(c.description)}</td></tr>`).join('\n')}
</table>
<p>Every problem is an RFC 9457 <code>application/problem+json</code> document with this <code>type</code>, a <code>title</code>, the <code>status</code>, the situation's <code>code</code>, a <code>detail</code> for this occurrence and the <code>request_id</code> of the call.</p>
<p><a href="/docs#section/errors">All problem types</a></p>`,
  );
}
