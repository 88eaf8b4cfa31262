import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { HttpProblem } from './problem';

/**
 * Reads a `multipart/form-data` body (document and bulk-job uploads) with busboy, streaming each file
 * part to a temporary file as it arrives: memory holds a chunk at a time, whatever the file's size.
 * A body that cannot be read (cut short, parts under another boundary, an oversized part header) is
 * a 400 problem, a Content-Encoding other than identity a 415, a part over the limits a 413. The
 * temporary files are removed once the response has gone (or the client has gone away).
 */

/** A file of a multipart body, on disk within the upload limits. */
export interface UploadedFile {
  field: string;
  originalName: string;
  declaredType: string;
  /** The temporary file holding the bytes; it is removed once the response has been sent. */
  path: string;
  size: number;
  /** SHA-256 (hex) of the bytes, computed as they arrived. */
  sha256: string;
}

export interface UploadLimits {
  fileBytes: number;
  /** The problem detail for a file over fileBytes. */
  fileTooLarge: string;
  files: number;
  fields: number;
  /** Largest value of a non-file field. */
  fieldBytes: number;
}

const uploads = new WeakMap<Request, UploadedFile[]>();

/** The files read from the request's multipart body (none for any other body). */
export const uploadedFilesOf = (req: Request): UploadedFile[] => uploads.get(req) ?? [];

/** What the OpenAPI validator's route matching leaves on the request: the operation's request body. */
interface MatchedRequest {
  openapi?: { schema?: { requestBody?: { content?: Record<string, unknown> } } };
}

const takesMultipart = (req: Request): boolean =>
  (req as MatchedRequest).openapi?.schema?.requestBody?.content?.['multipart/form-data'] !== undefined &&
  req.is('multipart/form-data') === 'multipart/form-data';

const malformed = (reason: string) =>
  new HttpProblem('validation-failed', `The multipart body cannot be read: ${reason}.`, [
    { pointer: '/body', message: reason },
  ]);

/** busboy's own words for a body it cannot read, said for the caller. */
function readingProblem(error: Error): HttpProblem {
  if (/boundary not found/i.test(error.message)) return malformed('its Content-Type names no boundary');
  if (/unexpected end of form/i.test(error.message))
    return malformed('it ended before its closing boundary (cut short, or its parts use another boundary)');
  if (/malformed part header/i.test(error.message))
    return malformed('a part header is malformed or longer than 16 KiB');
  return malformed(error.message.replace(/\.$/, ''));
}

/** Counts and hashes the bytes passing through. */
class Measure extends Transform {
  size = 0;
  private readonly hash = crypto.createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    this.push(chunk);
    done();
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * `reads` says which requests' bodies are read: by default those the API's operation declares a
 * multipart body for; the web app's upload form names its own path.
 */
export function multipartUpload(
  tempDir: string,
  limits: UploadLimits,
  reads: (req: Request) => boolean = takesMultipart,
): RequestHandler {
  return (req, res, next) => {
    if (!reads(req)) return next();
    const encoding = req.get('content-encoding')?.trim().toLowerCase();
    if (encoding && encoding !== 'identity')
      return next(
        new HttpProblem(
          'unsupported-media-type',
          `A multipart upload is read as sent, without Content-Encoding; this one is ${encoding}.`,
        ),
      );
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fileSize: limits.fileBytes,
          files: limits.files,
          fields: limits.fields,
          parts: limits.files + limits.fields,
          fieldSize: limits.fieldBytes,
        },
      });
    } catch (error) {
      return next(readingProblem(error as Error));
    }

    const files: UploadedFile[] = [];
    const written: Promise<void>[] = [];
    const tempPaths: string[] = [];
    const fileStreams: NodeJS.ReadableStream[] = [];
    let writeError: unknown = null;
    let failed = false;
    let answered = false;
    // Once the answer is out (or the client gone), nothing more is written and, once every write
    // has settled, no file stays behind.
    res.once('close', () => {
      answered = true;
      for (const stream of fileStreams) (stream as Readable).destroy();
      void Promise.all(written).then(() => {
        for (const file of tempPaths) fs.rm(file, { force: true }, () => undefined);
      });
    });
    const fail = (problem: HttpProblem) => {
      if (failed) return;
      failed = true;
      for (const stream of fileStreams) (stream as Readable).destroy();
      // The rest of the body is read and dropped, so the answer reaches a client still sending.
      req.unpipe(parser);
      req.resume();
      next(problem);
    };
    const body: Record<string, string> = {};

    parser.on('file', (field, stream, info) => {
      if (answered) return stream.resume();
      const tempPath = path.join(tempDir, `upload-${crypto.randomUUID()}`);
      tempPaths.push(tempPath);
      fileStreams.push(stream);
      const measure = new Measure();
      stream.once('limit', () => fail(new HttpProblem('payload-too-large', limits.fileTooLarge)));
      // A body cut short inside the file errs here and in the parser, maybe before the pipeline
      // listens: the parser's error answers it.
      stream.on('error', () => undefined);
      written.push(
        fs.promises
          .mkdir(tempDir, { recursive: true })
          .then(() => pipeline(stream, measure, fs.createWriteStream(tempPath)))
          .then(
            () => {
              files.push({
                field,
                originalName: info.filename ?? '',
                declaredType: info.mimeType,
                path: tempPath,
                size: measure.size,
                sha256: measure.digest(),
              });
              // The validator sees a file field as present, as it would a text one.
              body[field] = '';
            },
            // A body that ends inside the file fails the parser too, which answers for it.
            (error: unknown) => {
              writeError ??= error;
            },
          ),
      );
    });
    parser.on('field', (field, value, info) => {
      if (info.valueTruncated)
        fail(new HttpProblem('payload-too-large', `The field ${field} is longer than ${limits.fieldBytes} bytes.`));
      else body[field] = value;
    });
    parser.on('filesLimit', () =>
      fail(new HttpProblem('payload-too-large', 'One file per upload (limit max_document_files).')),
    );
    parser.on('fieldsLimit', () =>
      fail(new HttpProblem('payload-too-large', `At most ${limits.fields} fields besides the file.`)),
    );
    parser.on('partsLimit', () =>
      fail(new HttpProblem('payload-too-large', `At most ${limits.files + limits.fields} parts in an upload.`)),
    );
    parser.on('error', (error: Error) => fail(readingProblem(error)));
    parser.on('close', () => {
      void Promise.all(written).then(() => {
        if (failed) return;
        // The body was whole but a file could not be kept (a full disk): ours to answer, a 5xx.
        if (writeError !== null) return next(writeError);
        req.body = body;
        uploads.set(req, files);
        next();
      });
    });
    req.pipe(parser);
  };
}
