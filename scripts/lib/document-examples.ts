import type { HostName } from '../../src/http/host-names';
import type { Exchange, ExampleFile } from './recorded-examples';

type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

/** Calls `visit` with each operation of a document, its method and path. */
export function forEachOperation(
  document: JsonObject,
  visit: (operation: JsonObject, method: string, route: string) => void,
): void {
  for (const [route, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item))
      if (httpMethods.includes(method) && isObject(operation)) visit(operation, method, route);
  }
}

/** The JSON media type object of a response or request body, when it has one inline. */
export function jsonMedia(holder: unknown): JsonObject | undefined {
  if (!isObject(holder) || !isObject(holder.content)) return undefined;
  const type = Object.keys(holder.content).find((name) => name.includes('json'));
  const media = type ? holder.content[type] : undefined;
  return isObject(media) ? media : undefined;
}

/** Puts a recorded value first: it replaces a hand-written `example`, or leads the named `examples`. */
function showRecorded(media: JsonObject, value: unknown, summary: string): void {
  if (isObject(media.examples)) media.examples = { recorded: { summary, value }, ...media.examples };
  else media.example = value;
}

/**
 * Each operation's recorded exchange for this host becomes its response example (and its request
 * example where the spec gives none).
 */
export function addRecordedExamples(document: JsonObject, host: HostName, examples: Map<string, ExampleFile>): void {
  forEachOperation(document, (operation) => {
    const exchange: Exchange | undefined = examples.get(String(operation.operationId))?.[host];
    if (!exchange) return;
    const responses = isObject(operation.responses) ? operation.responses : {};
    const media = jsonMedia(responses[String(exchange.response.status)]);
    if (media) showRecorded(media, exchange.response.body, 'From a test run');
    const request = jsonMedia(operation.requestBody);
    if (
      request &&
      exchange.request.body !== undefined &&
      request.example === undefined &&
      request.examples === undefined
    )
      request.example = exchange.request.body;
  });
}
