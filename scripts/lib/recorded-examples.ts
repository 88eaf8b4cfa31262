/**
 * Response examples recorded from the test suite (`npm run examples`): one file per operation,
 * `openapi/examples/<operationId>.json`, holding for each host that serves it one real exchange (the
 * request a test sent and the response it got, which the test app had validated against the spec).
 * `npm run generate` puts them into the host documents: response examples and code samples.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/config/paths';
import type { HostName } from '../../src/http/host-names';

export interface Exchange {
  request: { method: string; url: string; body?: unknown };
  response: { status: number; body: unknown };
}

/** One exchange as a test saw it, before the choice of the one to keep. */
export interface RecordedExchange extends Exchange {
  host: HostName;
  operationId: string;
}

export type ExampleFile = Partial<Record<HostName, Exchange>>;

export const examplesDir = path.join(projectRoot, 'openapi', 'examples');

export function readExamples(dir = examplesDir): Map<string, ExampleFile> {
  const examples = new Map<string, ExampleFile>();
  if (!fs.existsSync(dir)) return examples;
  for (const name of fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    examples.set(
      path.basename(name, '.json'),
      JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ExampleFile,
    );
  }
  return examples;
}

// Rich enough to show the fields, small enough to read: the largest response under this size wins.
const readableResponseChars = 6000;

const sizeOf = (value: unknown): number => (value === undefined ? 0 : JSON.stringify(value).length);

/**
 * The exchange worth showing among a test run's successful ones: one that sent the spec's own
 * request example, when the spec states one (the reference shows that request beside the response,
 * so they must belong together), then the lowest 2xx status (200 before 201 before 202), then the
 * largest response that is still readable (else the smallest), then the smallest request; ties
 * broken by content, so the same suite picks the same exchange.
 */
export function chooseExchange(candidates: Exchange[], specRequestExample?: unknown): Exchange | undefined {
  const successful = candidates.filter((exchange) => exchange.response.status >= 200 && exchange.response.status < 300);
  const stated = specRequestExample === undefined ? undefined : JSON.stringify(specRequestExample);
  const score = (exchange: Exchange): [number, number, number, number, string] => {
    const size = sizeOf(exchange.response.body);
    return [
      stated !== undefined && JSON.stringify(exchange.request.body) === stated ? 0 : 1,
      exchange.response.status,
      size <= readableResponseChars ? -size : size,
      sizeOf(exchange.request.body),
      JSON.stringify(exchange),
    ];
  };
  const compare = (a: Exchange, b: Exchange): number => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  };
  return [...successful].sort(compare)[0];
}
