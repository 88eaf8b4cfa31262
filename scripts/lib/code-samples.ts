/**
 * `x-codeSamples` for every operation of a host document (curl, TypeScript with openapi-fetch and the
 * host's generated types, Python `requests`): the body is the spec's request example, else the body
 * of the operation's recorded exchange (a call that worked in a test); path and query parameters come
 * from the recorded exchange, else from the parameters' examples. The host's
 * address stays its placeholder (`{base_url}`…); the service puts in the address it is reached at.
 */
import { hostAddressTokens } from '../../src/http/host-addresses';
import type { HostName } from '../../src/http/host-names';
import { forEachOperation, isObject, jsonMedia } from './document-examples';
import type { ExampleFile } from './recorded-examples';

type JsonObject = Record<string, unknown>;

interface Call {
  method: string;
  route: string;
  pathParams: Record<string, string>;
  query: Record<string, string | number | boolean | string[]>;
  /** Required header parameters (a signature, say), with the spec's example or a placeholder. */
  headers: Record<string, string>;
  body: unknown;
  form: boolean;
  /** The content type of a body sent as text as it is (an EDI interchange), else null. */
  text: string | null;
  auth: { header: string; scheme: string; env: string } | null;
  jsonResponse: boolean;
}

function resolve(document: JsonObject, node: unknown): JsonObject {
  if (!isObject(node) || typeof node.$ref !== 'string') return isObject(node) ? node : {};
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document);
  return resolve(document, target);
}

/** The credential the operation takes first (keyless operations that also take a key get the key). */
function authOf(document: JsonObject, operation: JsonObject): Call['auth'] {
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(document.security)
      ? document.security
      : [];
  const schemes = resolve(document, { $ref: '#/components/securitySchemes' });
  for (const requirement of requirements) {
    for (const name of Object.keys(isObject(requirement) ? requirement : {})) {
      const scheme = resolve(document, schemes[name]);
      if (scheme.type === 'apiKey' && scheme.in === 'header') {
        const header = String(scheme.name);
        return { header, scheme: '', env: header === 'X-Admin-Token' ? 'TRADELANE_ADMIN_TOKEN' : 'TRADELANE_API_KEY' };
      }
      if (scheme.type === 'http' || scheme.type === 'oauth2')
        return { header: 'Authorization', scheme: 'Bearer ', env: 'TRADELANE_API_KEY' };
    }
  }
  return null;
}

function typed(value: string, schema: JsonObject): string | number | boolean | string[] {
  // An exploded array parameter (`expand=raw`) is one item in the URL and a list in the types.
  if (schema.type === 'array') return [value];
  if (schema.type === 'integer' || schema.type === 'number') return Number(value);
  if (schema.type === 'boolean') return value === 'true';
  return value;
}

function callOf(
  document: JsonObject,
  operation: JsonObject,
  method: string,
  route: string,
  exchange: ExampleFile[HostName],
): Call {
  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((parameter) =>
    resolve(document, parameter),
  );
  const pathParams: Record<string, string> = {};
  const query: Call['query'] = {};
  if (exchange) {
    const url = new URL(exchange.request.url, 'http://recorded');
    const names = [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const values = new RegExp(
      `^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}$`,
    ).exec(url.pathname);
    names.forEach((name, index) => (pathParams[name] = decodeURIComponent(values?.[index + 1] ?? `{${name}}`)));
    for (const [name, value] of url.searchParams) {
      query[name] = typed(
        value,
        resolve(document, parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.schema),
      );
    }
  } else {
    for (const parameter of parameters) {
      const example = parameter.example ?? resolve(document, parameter.schema).example;
      if (parameter.in === 'path')
        pathParams[String(parameter.name)] = example === undefined ? `{${String(parameter.name)}}` : String(example);
      if (parameter.in === 'query' && parameter.required === true && example !== undefined)
        query[String(parameter.name)] = example as string;
    }
  }
  const headers: Call['headers'] = {};
  for (const parameter of parameters.filter((p) => p.in === 'header' && p.required === true)) {
    const example = parameter.example ?? resolve(document, parameter.schema).example;
    headers[String(parameter.name)] = example === undefined ? `{${String(parameter.name)}}` : String(example);
  }
  const requestBody = resolve(document, operation.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const form = !jsonMedia(requestBody) && 'application/x-www-form-urlencoded' in content;
  const text =
    jsonMedia(requestBody) || form || 'multipart/form-data' in content ? null : (Object.keys(content)[0] ?? null);
  const media =
    jsonMedia(requestBody) ??
    (isObject(content['application/x-www-form-urlencoded'])
      ? content['application/x-www-form-urlencoded']
      : undefined) ??
    (text !== null && isObject(content[text]) ? content[text] : undefined);
  const named = isObject(media?.examples)
    ? Object.values(media.examples).map((example) => resolve(document, example).value)[0]
    : undefined;
  // A request example the spec states was written to be copied; a recorded one stands in for it.
  const body = media?.example ?? named ?? exchange?.request.body;
  const success = Object.entries(isObject(operation.responses) ? operation.responses : {}).find(([status]) =>
    status.startsWith('2'),
  )?.[1];
  return {
    method,
    route,
    pathParams,
    query,
    headers,
    body,
    form,
    text,
    auth: authOf(document, operation),
    jsonResponse: jsonMedia(resolve(document, success)) !== undefined,
  };
}

const pathOf = (call: Call): string =>
  call.route.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(call.pathParams[name]));
const queryString = (call: Call): string => {
  const search = new URLSearchParams(
    Object.entries(call.query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return search ? `?${search}` : '';
};
const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

function curl(call: Call, base: string): string {
  const lines = [
    `curl${call.method === 'get' ? '' : ` -X ${call.method.toUpperCase()}`} ${shellQuote(base + pathOf(call) + queryString(call))}`,
  ];
  if (call.auth) lines.push(`-H "${call.auth.header}: ${call.auth.scheme}$${call.auth.env}"`);
  for (const [name, value] of Object.entries(call.headers)) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (call.body !== undefined && call.form) {
    for (const [name, value] of Object.entries(call.body as JsonObject))
      lines.push(`--data-urlencode ${shellQuote(`${name}=${String(value)}`)}`);
  } else if (call.body !== undefined && call.text) {
    lines.push(`-H 'Content-Type: ${call.text}'`, `--data-binary ${shellQuote(String(call.body))}`);
  } else if (call.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(call.body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/** A value as TypeScript or Python source, indented under `indent`. */
function literal(value: unknown, indent: string, python: boolean): string {
  if (value === null) return python ? 'None' : 'null';
  if (typeof value === 'boolean') return python ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return python
      ? JSON.stringify(value)
      : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + literal(item, inner, python)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return '{}';
  const key = (name: string): string => (python ? JSON.stringify(name) : identifier.test(name) ? name : `'${name}'`);
  return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${literal(item, inner, python)}`).join(',\n')},\n${indent}}`;
}

function typescript(call: Call, base: string, host: HostName): string {
  const headers = call.auth
    ? `, headers: { '${call.auth.header}': \`${call.auth.scheme}\${process.env.${call.auth.env}}\` }`
    : '';
  const options: string[] = [];
  const params: string[] = [];
  if (Object.keys(call.pathParams).length > 0) params.push(`path: ${literal(call.pathParams, '    ', false)}`);
  if (Object.keys(call.query).length > 0) params.push(`query: ${literal(call.query, '    ', false)}`);
  if (Object.keys(call.headers).length > 0) params.push(`header: ${literal(call.headers, '    ', false)}`);
  if (params.length > 0) options.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  if (call.body !== undefined) options.push(`body: ${literal(call.body, '  ', false)}`);
  if (call.form)
    options.push(
      `bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString()`,
      `headers: { 'Content-Type': 'application/x-www-form-urlencoded' }`,
    );
  if (call.text)
    options.push(`bodySerializer: (body) => body as string`, `headers: { 'Content-Type': '${call.text}' }`);
  const args = options.length > 0 ? `, {\n  ${options.join(',\n  ')},\n}` : '';
  return [
    `import createClient from 'openapi-fetch';`,
    `// npx openapi-typescript ${base}/openapi.yaml --default-non-nullable false -o tradelane-${host}.ts`,
    `import type { paths } from './tradelane-${host}';`,
    '',
    `const tradelane = createClient<paths>({ baseUrl: '${base}'${headers} });`,
    '',
    `const { data, error, response } = await tradelane.${call.method.toUpperCase()}('${call.route}'${args});`,
    `console.log(response.status, error ?? data);`,
  ].join('\n');
}

function python(call: Call, base: string): string {
  const args = [JSON.stringify(base + pathOf(call))];
  const headers = Object.entries(call.headers).map(
    ([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`,
  );
  if (call.auth)
    headers.unshift(
      `${JSON.stringify(call.auth.header)}: ${call.auth.scheme ? `"${call.auth.scheme}" + ` : ''}os.environ["${call.auth.env}"]`,
    );
  if (call.text) headers.push(`"Content-Type": ${JSON.stringify(call.text)}`);
  if (headers.length > 0) args.push(`headers={${headers.join(', ')}}`);
  if (Object.keys(call.query).length > 0) args.push(`params=${literal(call.query, '    ', true)}`);
  if (call.body !== undefined)
    args.push(`${call.form || call.text ? 'data' : 'json'}=${literal(call.body, '    ', true)}`);
  return [
    ...(call.auth ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${call.method}(`,
    ...args.map((arg) => `    ${arg},`),
    ')',
    `print(response.status_code, ${call.jsonResponse ? 'response.json()' : 'response.text'})`,
  ].join('\n');
}

/** Adds `x-codeSamples` to every operation of the host's document. */
export function addCodeSamples(document: JsonObject, host: HostName, examples: Map<string, ExampleFile>): void {
  const base = hostAddressTokens[host];
  forEachOperation(document, (operation, method, route) => {
    const call = callOf(document, operation, method, route, examples.get(String(operation.operationId))?.[host]);
    operation['x-codeSamples'] = [
      { lang: 'Shell', label: 'curl', source: curl(call, base) },
      { lang: 'TypeScript', label: 'TypeScript', source: typescript(call, base, host) },
      { lang: 'Python', label: 'Python', source: python(call, base) },
    ];
  });
}
