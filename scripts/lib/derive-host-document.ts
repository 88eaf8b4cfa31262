import type { HostName } from '../../src/http/host-names';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Replaces every media type's `x-host-schema` with the schema for this host (the calculate
 * operation answers form A on the tariff host, form B on the main host) and drops the extension.
 */
function resolveHostSchemas(node: Json, host: HostName): Json {
  if (Array.isArray(node)) return node.map((item) => resolveHostSchemas(item, host));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-host-schema') continue;
    out[key] = resolveHostSchemas(value, host);
  }
  const variants = node['x-host-schema'];
  if (isObject(variants)) {
    const chosen = variants[host];
    if (!isObject(chosen)) throw new Error(`x-host-schema has no entry for host "${host}"`);
    out.schema = chosen;
  }
  return out;
}

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, into));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') into.add(value);
      else collectRefs(value, into);
    }
  }
}

/** Keeps only the components reachable from the paths and webhooks (and security schemes the paths may name). */
function pruneComponents(doc: JsonObject): void {
  const components = doc.components;
  if (!isObject(components)) return;
  const reachable = new Set<string>();
  const queue: Json[] = [doc.paths ?? {}, doc.webhooks ?? {}];
  while (queue.length > 0) {
    const refs = new Set<string>();
    collectRefs(queue.pop() as Json, refs);
    for (const ref of refs) {
      if (reachable.has(ref)) continue;
      reachable.add(ref);
      const [, , section, name] = ref.split('/');
      const target = isObject(components[section]) ? components[section][name] : undefined;
      if (target !== undefined) queue.push(target);
    }
  }
  for (const [section, entries] of Object.entries(components)) {
    if (section === 'securitySchemes' || !isObject(entries)) continue;
    for (const name of Object.keys(entries)) {
      if (!reachable.has(`#/components/${section}/${name}`)) delete entries[name];
    }
    if (Object.keys(entries).length === 0) delete components[section];
  }
}

/**
 * The document one host enforces and publishes: its own server, only the operations whose
 * `x-hosts` name it, the response form of that host, and only the components they use.
 */
export function deriveHostDocument(spec: JsonObject, host: HostName): JsonObject {
  const doc = structuredClone(spec);
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  doc.servers = servers.filter((server) => isObject(server) && server['x-host'] === host);
  if (doc.servers.length !== 1) throw new Error(`spec must declare exactly one server with x-host: ${host}`);
  if (isObject(doc.info)) doc.info.title = `${String(doc.info.title)} (${host} host)`;

  const paths: JsonObject = {};
  for (const [route, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    const kept: JsonObject = {};
    for (const [key, operation] of Object.entries(item)) {
      if (!httpMethods.includes(key)) {
        kept[key] = operation;
        continue;
      }
      const hosts = isObject(operation) ? operation['x-hosts'] : undefined;
      if (!Array.isArray(hosts) || hosts.length === 0) throw new Error(`${key.toUpperCase()} ${route} has no x-hosts`);
      if (hosts.includes(host)) kept[key] = resolveHostSchemas(operation, host);
    }
    if (Object.keys(kept).some((key) => httpMethods.includes(key))) paths[route] = kept;
  }
  doc.paths = paths;
  // The events the site host's endpoints deliver are documented there only; they are requests we
  // send, not operations a host serves, so they carry no operationId into the host's handler types.
  if (host !== 'site') delete doc.webhooks;
  else if (isObject(doc.webhooks)) {
    for (const item of Object.values(doc.webhooks))
      if (isObject(item) && isObject(item.post)) delete item.post.operationId;
  }
  const usedTags = new Set<string>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (isObject(operation) && Array.isArray(operation.tags))
        operation.tags.forEach((tag) => usedTags.add(String(tag)));
    }
  }
  if (Array.isArray(doc.tags)) doc.tags = doc.tags.filter((tag) => isObject(tag) && usedTags.has(String(tag.name)));
  pruneComponents(doc);
  return doc;
}
