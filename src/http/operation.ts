import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { HostName } from './host-names';
import { accessLocalsOf, clientIpOf } from './access';
import { originOf } from './origin';
import { type UploadedFile, uploadedFilesOf } from './multipart-upload';
import { rawBodyOf } from './raw-body';
import { requestIdOf } from './request-id';
import { writeBody, writeJson } from './response-writer';
import type { Caller, Clock } from '../domain/shared';
import type { QuotaState } from '../domain/access';

export type { UploadedFile } from './multipart-upload';

/**
 * The typed boundary between Express and our handlers (in the spirit of Ghost's http.js): a handler
 * receives the validated input of one operation and returns one of its declared responses, typed by
 * the types generated from the spec. It never sees `req` or `res`.
 */

type Content<R> = R extends { content: infer C } ? C[keyof C] : undefined;

export type RequestBodyOf<Op> = Op extends { requestBody: { content: infer C } }
  ? C[keyof C]
  : Op extends { requestBody?: { content: infer C } }
    ? C[keyof C] | undefined
    : undefined;

type ParametersOf<Op> = Op extends { parameters: infer P } ? P : Record<string, never>;
type Section<P, K extends string> = P extends { [key in K]?: infer S }
  ? S extends undefined
    ? Record<string, never>
    : S
  : Record<string, never>;
export type QueryOf<Op> = Section<ParametersOf<Op>, 'query'>;
export type PathParamsOf<Op> = Section<ParametersOf<Op>, 'path'>;

type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;

/** One of the operation's declared responses with its body; problems are thrown, not returned. */
export type OperationResult<Op> = {
  [S in keyof ResponsesOf<Op>]: {
    status: S;
    body: Content<ResponsesOf<Op>[S]>;
    headers?: Record<string, string>;
    contentType?: string;
  };
}[keyof ResponsesOf<Op>];

/** What a handler knows about the call besides its input. */
export interface CallContext {
  requestId: string;
  host: HostName;
  clientIp: string;
  /** When the request arrived; handlers use it instead of reading the clock themselves. */
  receivedAt: Date;
  header(name: string): string | undefined;
  /** The scheme and host the client reached this host at, e.g. `http://localhost:3000`. */
  origin: string;
  /** Who is calling: an account (by key or token) or, on keyless operations, a client IP. */
  caller: Caller;
  /** The daily quota this call drew from, when its plan is limited. */
  quota: QuotaState | null;
  /** The files of a multipart body (none otherwise). */
  files: UploadedFile[];
  /** The JSON body's bytes as received, on operations marked `x-keeps-raw-body` (signed bodies). */
  rawBody: Buffer | undefined;
}

export interface OperationInput<Op> {
  body: RequestBodyOf<Op>;
  query: QueryOf<Op>;
  params: PathParamsOf<Op>;
  call: CallContext;
}

export type OperationHandler<Op> = (input: OperationInput<Op>) => Promise<OperationResult<Op>>;

/** Every operation of a host's generated `operations` type must have a handler: the compiler checks. */
export type HostHandlers<Operations> = { [K in keyof Operations]: OperationHandler<Operations[K]> };

/**
 * The call context of an Express request. A class, not an object literal: a literal with getters
 * costs V8 a runtime call per getter (about 0.6 µs a request against 10 ns for an instance).
 */
class RequestCallContext implements CallContext {
  readonly requestId: string;
  readonly receivedAt: Date;
  readonly caller: Caller;
  readonly quota: QuotaState | null;
  readonly files: UploadedFile[];

  constructor(
    private readonly req: Request,
    res: Response,
    readonly host: HostName,
    clock: Clock,
  ) {
    const access = accessLocalsOf(res);
    this.requestId = requestIdOf(req);
    this.receivedAt = clock.now();
    this.caller = access?.caller ?? { kind: 'anonymous', ip: clientIpOf(req) };
    this.quota = access?.quota ?? null;
    this.files = uploadedFilesOf(req);
  }

  /** Read on use: resolving the address through the trusted proxies costs, and few handlers need it. */
  get clientIp(): string {
    return clientIpOf(this.req);
  }

  get origin(): string {
    return originOf(this.req);
  }

  header(name: string): string | undefined {
    return this.req.get(name);
  }

  get rawBody(): Buffer | undefined {
    return rawBodyOf(this.req);
  }
}

/** Adapts one handler to Express: input from the validated request, output to the response. */
export function expressAdapter<Op>(host: HostName, clock: Clock, handler: OperationHandler<Op>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const input = {
      body: req.body,
      query: req.query,
      params: req.params,
      call: new RequestCallContext(req, res, host, clock) as CallContext,
    } as OperationInput<Op>;
    handler(input).then((result) => {
      if (result.headers) for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
      const status = Number(result.status);
      if (result.body !== undefined && (result.contentType === undefined || result.contentType.includes('json')))
        writeJson(res, status, result.body);
      else writeBody(res, status, result.contentType, result.body as string | Buffer | undefined);
    }, next);
  };
}
