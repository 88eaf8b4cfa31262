import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import { maxDocumentBytes } from '../domain/documents/limits';
import type { HostDocument } from '../hosts/host-document';

const daysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `format: date` as RFC 3339 full-date: a day that exists (2026-02-29 is refused, 2024-02-29 taken).
 * The validator's default ("fast") form only checks the shape, which left calendar checks to each
 * operation's domain code.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : daysInMonth[month - 1]);
}

/**
 * Request validation (always) and response validation (in tests) against the host's own derived
 * document, so each host enforces exactly its contract: its operations, its response forms.
 */
export function openApiValidation(hostDocument: HostDocument, validateResponses: boolean): RequestHandler[] {
  // The published servers carry templated host addresses; routes are mounted at the root.
  const apiSpec = { ...structuredClone(hostDocument.document), servers: [{ url: '/' }] };
  return OpenApiValidator.middleware({
    apiSpec: apiSpec as unknown as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
    validateRequests: { allErrors: true, allowUnknownQueryParameters: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    // Authentication is our own middleware's job: keyless calls and plan rules go beyond what it checks.
    validateSecurity: false,
    validateFormats: true,
    formats: { date: { type: 'string', validate: isCalendarDate } },
    ignoreUndocumented: false,
    // Multipart bodies (document uploads) are read into memory up to the document limit, one file
    // each; file names are UTF-8, as browsers and HTTP clients send them.
    fileUploader: { limits: { fileSize: maxDocumentBytes, files: 1, fields: 10 }, defParamCharset: 'utf8' },
  }) as RequestHandler[];
}
