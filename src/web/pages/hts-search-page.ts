import type { components } from '../../generated/api';
import { type Html, html } from '../html';
import type { Visitor } from '../web-context';
import { csrfField, type FormState, formError, page } from './layout';

type SearchResult = components['schemas']['HtsSearchResult'];

/** What was asked: the description, and the clarifying questions answered so far. */
export interface SearchState {
  query: string;
  context: Record<string, string>;
}

const swap = html`hx-post="/tools/hts-search" hx-target="#search-results" hx-swap="outerHTML"`;

/** The search as hidden fields, so an answer is sent with the description and the earlier answers. */
function asked(visitor: Visitor, state: SearchState): Html {
  return html`${csrfField(visitor)}<input type="hidden" name="query" value="${state.query}" /> ${Object.entries(
      state.context,
    ).map(([attribute, value]) => html`<input type="hidden" name="context" value="${attribute}=${value}" />`)}`;
}

function questions(visitor: Visitor, state: SearchState, result: SearchResult): Html {
  if (result.clarifications.length === 0) return html``;
  return html`<div class="card">
    <h3>Narrow it down</h3>
    ${result.clarifications.map(
      (q) =>
        html`<form method="post" action="/tools/hts-search" ${swap} class="question">
          ${asked(visitor, state)}
          <fieldset>
            <legend>${q.question}</legend>
            <div class="options">
              ${q.options.map(
                (o) =>
                  html`<button class="secondary" name="answer" value="${q.attribute}=${o.value}">${o.label}</button>`,
              )}
            </div>
          </fieldset>
        </form>`,
    )}
  </div>`;
}

function candidates(result: SearchResult): Html {
  if (result.candidates.length === 0)
    return html`<p class="notice warn">
      No HTS line matches this description; try other words for what it is made of and what it does.
    </p>`;
  return html`<ol class="candidates">
    ${result.candidates.map((c) => {
      const percent = Math.round(c.confidence * 100);
      return html`<li class="card">
        <div class="candidate-head">
          <h3><code>${c.code}</code></h3>
          <a class="button" href="/tools/tariff?hts_code=${encodeURIComponent(c.code)}"
            >Calculate duty<span class="visually-hidden"> for ${c.code}</span></a
          >
        </div>
        <p>${c.description_path}</p>
        <div class="confidence">
          <span class="muted">Confidence ${percent}%</span>
          <span class="meter" aria-hidden="true"><span class="w${percent}"></span></span>
        </div>
        <p class="muted">${c.rationale}</p>
      </li>`;
    })}
  </ol>`;
}

/** A search's answer: the API's result and the tariff calls left today (null without a daily limit). */
export interface SearchOutcome {
  result: SearchResult;
  left: number | null;
}

/** The part an answer replaces (htmx), or the page's lower half without script. */
export function searchResults(
  visitor: Visitor,
  state: SearchState,
  outcome: SearchOutcome | null,
  form?: FormState,
): Html {
  const answered = Object.entries(state.context);
  const result = outcome?.result;
  return html`<section id="search-results" aria-labelledby="results-title">
    ${form ? formError(form) : ''}
    ${
      result
        ? html`<h2 id="results-title" tabindex="-1">Candidates for “${result.query}”</h2>
            <p class="muted">
              ${result.hts_release.name}${
                answered.length
                  ? html` · answered: ${answered.map(([attribute, value]) => `${attribute} ${value}`).join(', ')}`
                  : ''
              }${outcome.left === null ? '' : ` · ${outcome.left} tariff calls left today`}
            </p>
            ${questions(visitor, state, result)} ${candidates(result)}`
        : html`<h2 id="results-title" tabindex="-1" class="visually-hidden">Results</h2>`
    }
  </section>`;
}

export function htsSearchPage(
  visitor: Visitor,
  state: SearchState,
  outcome: SearchOutcome | null,
  form?: FormState,
): Html {
  const problem = form?.fields.query;
  return page(
    visitor,
    'HTS search',
    html`<h1>HTS search</h1>
      <div class="card">
        <form method="post" action="/tools/hts-search" ${swap}>
          ${csrfField(visitor)}
          <label for="s-query">Describe the product in plain English</label>
          <div class="search-row">
            <input
              id="s-query"
              name="query"
              type="text"
              autocomplete="off"
              required
              placeholder="men's cotton knit t-shirt"
              value="${state.query}"
              ${problem ? html`aria-invalid="true" aria-describedby="s-query-error"` : ''}
            />
            <button>Search</button>
          </div>
          ${problem ? html`<p class="field-error" id="s-query-error">Description: ${problem}.</p>` : ''}
          <p class="muted">
            Each search, and each answer to a question, is one of the plan's daily tariff calls, shared with the
            calculator.
          </p>
        </form>
      </div>
      ${searchResults(visitor, state, outcome, form)}`,
  );
}
