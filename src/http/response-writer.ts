import express, { type Response } from 'express';

/**
 * The one place a host writes an answer: an operation's result, a problem, an idempotent replay.
 * Everything that must see an answer sees it here, whatever path produced it: a hook set for the
 * response (an Idempotency-Key's record) is given the complete answer and the answer is written once
 * the hook is done; the access log and request metrics hear of it when the response closes, and the
 * API version header was set on the way in. The production path (no response validation) and the
 * tests' path (the validator wraps `res.json`) end in the same write, so neither can lose a body the
 * other keeps. No conditional answers: we give no validators (ETag, Last-Modified), so a request's
 * `If-None-Match` or `If-Modified-Since` never turns an answer into a 304.
 */

/** A complete answer, as it is about to be written. */
export interface Answer {
  status: number;
  /** The body's bytes as text (JSON and problems are UTF-8), empty when there is none. */
  body: string;
}

/** Runs before the answer is written; the answer waits for it (it bounds its own time, and never rejects). */
export type AnswerHook = (answer: Answer) => Promise<void>;

const hooks = new WeakMap<Response, AnswerHook>();

/** Has `hook` see this response's answer before it is written. */
export function beforeAnswer(res: Response, hook: AnswerHook): void {
  hooks.set(res, hook);
}

/** Express's own `res.json`: the response validator (in tests) wraps it per response to check answers. */
const expressJson = express.response.json;

/**
 * Writes a JSON answer with the bytes and headers `res.json` would write, converting the text to
 * bytes once: the length is the buffer's. JSON.stringify builds its text in pieces; measuring the
 * UTF-8 length of the text, and then writing it after the headers as a string, made V8 join the
 * pieces twice (17 KB more garbage per parcel quote answer, 4 KB per calculation). Where `res.json`
 * is wrapped (response validation in tests), the wrapper checks the answer and what it would send
 * (the answer, or its own failure) is written here all the same.
 */
export function writeJson(res: Response, status: number, body: unknown): void {
  res.status(status);
  if (res.json === expressJson) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    write(res, Buffer.from(JSON.stringify(body)));
    return;
  }
  const send = res.send;
  res.send = ((text: string) => {
    res.send = send;
    write(res, Buffer.from(text));
    return res;
  }) as Response['send'];
  res.json(body);
}

/** Writes an answer of any other media type (a problem, a PDF, a page), or an empty one without a type. */
export function writeBody(
  res: Response,
  status: number,
  contentType: string | undefined,
  body: string | Buffer | undefined,
): void {
  res.status(status);
  if (body === undefined) {
    write(res, undefined);
    return;
  }
  if (contentType !== undefined) res.type(contentType);
  const type = res.get('Content-Type');
  // Text is sent as UTF-8 and says so, as Express's res.send would.
  if (typeof body === 'string' && type !== undefined && !/;\s*charset=/i.test(type))
    res.setHeader('Content-Type', `${type}; charset=utf-8`);
  write(res, typeof body === 'string' ? Buffer.from(body) : body);
}

function write(res: Response, body: Buffer | undefined): void {
  // A 204 has no body, nor headers describing one (as Express's res.send).
  const bytes = res.statusCode === 204 ? undefined : body;
  if (bytes === undefined) for (const name of ['Content-Type', 'Content-Length']) res.removeHeader(name);
  else res.setHeader('Content-Length', bytes.length);
  const end = () => (bytes === undefined ? res.end() : res.end(bytes));
  const hook = hooks.get(res);
  if (hook === undefined) {
    end();
    return;
  }
  hooks.delete(res);
  void hook({ status: res.statusCode, body: bytes?.toString('utf8') ?? '' }).finally(end);
}
