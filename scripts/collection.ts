/**
 * `npm run collection`: a Postman collection (v2.1) per host, converted from the host's generated
 * document by Postman's own converter (openapi-to-postmanv2), into var/collections/. Requests are
 * foldered by tag and filled from the spec's examples (recorded from the tests). Each collection
 * declares the same variables: one per host, named as the spec's server placeholders (`base_url`,
 * `tariff_url`, `site_url`: the addresses `npm start` serves at by default, to edit for another
 * deployment), `api_key` (the key every request sends, as `X-API-Key` or `Authorization: Bearer` as
 * the operation takes it) and `admin_token` (the admin operations' token). The converter's own
 * `baseUrl`, `apiKey` and `bearerToken` are renamed to these, since it declares none of them. Bruno
 * imports these Postman collections as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import Converter from 'openapi-to-postmanv2';
import YAML from 'yaml';
import { loadConfig } from '../src/config/config';
import { builtDocsDir, projectRoot } from '../src/config/paths';
import { hostAddresses, hostAddressTokens, withHostAddresses } from '../src/http/host-addresses';
import { loadHostDocument } from '../src/http/host-document';
import { HostName, hostNames } from '../src/http/host-names';

const outDir = path.join(path.dirname(builtDocsDir), 'collections');
const config = loadConfig({});

function convert(document: object): Promise<unknown> {
  const options = {
    folderStrategy: 'Tags',
    parametersResolution: 'Example',
    requestNameSource: 'Fallback',
    enableOptionalParameters: false,
  } as const;
  return new Promise((resolve, reject) => {
    Converter.convert({ type: 'json', data: document }, options, (error, result) => {
      if (error || !result?.result || !result.output?.[0])
        reject(error instanceof Error ? error : new Error(result?.reason ?? 'conversion failed'));
      else resolve(result.output[0].data);
    });
  });
}

/** `base_url` for `{base_url}`: a host's variable, named as the spec names its server. */
const hostVariable = (host: HostName): string => hostAddressTokens[host].slice(1, -1);

/**
 * The collection with its variables declared, one per host and the credentials, and its requests
 * pointing at them. The converter names the admin token `apiKey` too: an auth entry for the
 * `X-Admin-Token` header gets `admin_token` instead.
 */
function withVariables(collection: unknown, host: HostName, addresses: Record<HostName, string>): unknown {
  const text = JSON.stringify(collection)
    .replaceAll('{{baseUrl}}', `{{${hostVariable(host)}}}`)
    .replaceAll('{{bearerToken}}', '{{api_key}}');
  const declared = JSON.parse(
    text
      .replace(/("key":"key","value":"X-Admin-Token"\},\{"key":"value","value":")\{\{apiKey\}\}/g, '$1{{admin_token}}')
      .replaceAll('{{apiKey}}', '{{api_key}}'),
  ) as { variable?: unknown[] };
  declared.variable = [
    ...hostNames.map((name) => ({
      key: hostVariable(name),
      value: addresses[name],
      type: 'string',
      description: `The ${name} host's address`,
    })),
    { key: 'api_key', value: '', type: 'secret', description: 'Your tl_test_… or tl_live_… key (docs/quickstart.md)' },
    {
      key: 'admin_token',
      value: '',
      type: 'secret',
      description: 'The admin token (ADMIN_TOKEN_SHA256), admin operations only',
    },
  ];
  return declared;
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  // The addresses npm start serves at by default, as a local client reaches them.
  const addresses = hostAddresses(config, 'main', `http://localhost:${config.ports.main}`);
  for (const host of hostNames) {
    const document = YAML.parse(withHostAddresses(loadHostDocument(host).yaml, addresses)) as {
      servers: Array<{ url: string; description?: string }>;
    };
    document.servers = [{ url: addresses[host], description: document.servers[0]?.description }];
    const collection = withVariables(await convert(document), host, addresses);
    const file = path.join(outDir, `tradelane-${host}.postman_collection.json`);
    fs.writeFileSync(file, `${JSON.stringify(collection, null, 2)}\n`);
    console.log(`collection: ${path.relative(projectRoot, file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
