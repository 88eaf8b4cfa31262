/**
 * `npm run collection`: a Postman collection (v2.1) per host, converted from the host's generated
 * document by Postman's own converter (openapi-to-postmanv2), into var/collections/. Requests are
 * foldered by tag and filled from the spec's examples (recorded from the tests); the collection
 * variable `baseUrl` is the address `npm start` serves the host at (edit it for another deployment),
 * and `apiKey`-style credentials are collection auth to fill in.
 */
import fs from 'node:fs';
import path from 'node:path';
import Converter from 'openapi-to-postmanv2';
import YAML from 'yaml';
import { loadConfig } from '../src/config/config';
import { builtDocsDir, projectRoot } from '../src/config/paths';
import { hostAddresses, withHostAddresses } from '../src/http/host-addresses';
import { loadHostDocument } from '../src/http/host-document';
import { hostNames } from '../src/http/host-names';

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

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  // The addresses npm start serves at by default, as a local client reaches them.
  const addresses = hostAddresses(config, 'main', `http://localhost:${config.ports.main}`);
  for (const host of hostNames) {
    const document = YAML.parse(withHostAddresses(loadHostDocument(host).yaml, addresses)) as {
      servers: Array<{ url: string; description?: string }>;
    };
    document.servers = [{ url: addresses[host], description: document.servers[0]?.description }];
    const collection = await convert(document);
    const file = path.join(outDir, `tradelane-${host}.postman_collection.json`);
    fs.writeFileSync(file, `${JSON.stringify(collection, null, 2)}\n`);
    console.log(`collection: ${path.relative(projectRoot, file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
