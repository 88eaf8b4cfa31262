import type { Request, Response } from 'express';
import { DomainError, type DomainErrorKind } from '../domain/shared';
import type { Html } from './html';
import { messagePage } from './pages/auth-pages';
import type { FormState } from './pages/layout';
import { visitorOf } from './visitor';

const statusOf: Partial<Record<DomainErrorKind, number>> = {
  invalid_input: 422,
  unprocessable: 422,
  conflict: 409,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_large: 413,
  unsupported_type: 415,
  insufficient_credits: 402,
  quota_exceeded: 429,
  busy: 503,
  upstream_unavailable: 502,
  not_configured: 501,
};

/** A refused form comes back filled in, with the message and the fields at fault. */
export function refusedForm(error: DomainError, values: Record<string, string>): FormState {
  const fields = Object.fromEntries(error.issues.map((issue) => [issue.field, issue.message]));
  return {
    values,
    fields,
    error: error.kind === 'invalid_input' ? 'Check the fields marked below.' : error.message,
  };
}

/** Sends a page, or the status a refused form deserves (and Retry-After for a throttled sign-in). */
export function sendPage(res: Response, body: Html, error?: DomainError): void {
  if (error) {
    res.status(statusOf[error.kind] ?? 400);
    const retry = error.extensions.retry_after_seconds;
    if (typeof retry === 'number') res.setHeader('Retry-After', String(retry));
  }
  res.type('html').send(body.text);
}

/** Runs a form's action; a DomainError the page can show is handed to `refused`, anything else is a 500. */
export async function withForm(
  res: Response,
  action: () => Promise<void>,
  refused: (error: DomainError) => Html | Promise<Html>,
): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof DomainError) || statusOf[error.kind] === undefined) throw error;
    sendPage(res, await refused(error), error);
  }
}

/**
 * A page about one resource: one the person cannot reach (another account's, the other mode's, gone)
 * is the 404 page with the domain's message, as the API answers 404.
 */
export const withResource =
  (show: (req: Request, res: Response) => Promise<void>) =>
  async (req: Request, res: Response): Promise<void> => {
    try {
      await show(req, res);
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'not_found') throw error;
      sendPage(res, messagePage(visitorOf(res), 'Not found', error.message), error);
    }
  };
