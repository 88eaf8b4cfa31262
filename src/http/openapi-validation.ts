import { fullFormats } from 'ajv-formats/dist/formats';
import * as OpenApiValidator from 'express-openapi-validator';
import { Router, type RequestHandler } from 'express';
import type { HostDocument } from './host-document';
import { multipartUpload } from './multipart-upload';
import { maxDocumentBytes } from '../domain/documents';

/**
 * One rule for every date and time the API takes (bodies, queries, paths): a day that exists
 * (RFC 3339 full-date, so 2026-02-30 and 0000-00-00 are refused, where the shape alone let them
 * through and Date.parse rolled 2026-02-30 over to March 2) and, for a time, one JavaScript can hold
 * (a leap second, 23:59:60, is valid RFC 3339 but no Date).
 */
const rfc3339DateTime = fullFormats['date-time'] as { validate: (text: string) => boolean };
const dateFormats = {
  date: fullFormats.date,
  'date-time': {
    type: 'string' as const,
    validate: (text: string) => rfc3339DateTime.validate(text) && Number.isFinite(Date.parse(text)),
  },
};

/**
 * Request validation (always) and response validation (in tests) against the host's own derived
 * document, so each host enforces exactly its contract: its operations, its response forms.
 */
export function openApiValidation(
  hostDocument: HostDocument,
  validateResponses: boolean,
  uploadTempDir: string,
): RequestHandler {
  // The published servers carry templated host addresses; routes are mounted at the root.
  const apiSpec = { ...structuredClone(hostDocument.document), servers: [{ url: '/' }] };
  const validation = OpenApiValidator.middleware({
    apiSpec: apiSpec as unknown as Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'],
    validateRequests: { allErrors: true, allowUnknownQueryParameters: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    // Authentication is our own middleware's job: keyless calls and plan rules go beyond what it checks.
    validateSecurity: false,
    // Checking the document itself against the OpenAPI schema takes a second of a start; the
    // documents are linted when generated and checked by every test run (validateResponses), so a
    // service start skips it.
    validateApiSpec: validateResponses,
    validateFormats: true,
    formats: dateFormats,
    ignoreUndocumented: false,
    // Multipart bodies are ours to read (multipart-upload.ts), streamed to disk rather than held in memory.
    fileUploader: false,
  }) as RequestHandler[];
  // Between route matching (which names the operation's body) and request validation (which checks the fields).
  const requestStep = validation.findIndex((step) => step.name === 'requestMiddleware');
  if (requestStep < 0) throw new Error('express-openapi-validator: no request validation step to read uploads before');
  validation.splice(
    requestStep,
    0,
    multipartUpload(uploadTempDir, {
      fileBytes: maxDocumentBytes,
      fileTooLarge: `The file is larger than the limit of ${maxDocumentBytes} bytes (20 MiB, limit max_document_bytes).`,
      files: 1,
      fields: 10,
      fieldBytes: 64 * 1024,
    }),
  );
  // Its steps (path parameters, route, security, multipart, request) as one handler, an Express
  // router (running them without a layer each saved under 4% of a calculation: docs/architecture.md).
  return Router().use(...validation);
}
