/**
 * `npm run examples [-- <jest arguments>]`: runs the test suite (or the files named) with recording
 * on, keeps for each operation and host the exchange worth showing (scripts/lib/recorded-examples.ts),
 * writes openapi/examples/<operationId>.json and regenerates the host documents. Every recorded
 * response was validated against the spec by the test app before the test saw it. Operations the run
 * did not reach keep their committed example.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/paths';
import YAML from 'yaml';
import { forEachOperation, jsonMedia } from './lib/document-examples';
import { chooseExchange, ExampleFile, examplesDir, readExamples, RecordedExchange } from './lib/recorded-examples';

const recordDir = path.join(projectRoot, 'var', 'examples-record');
fs.rmSync(recordDir, { recursive: true, force: true });
fs.mkdirSync(recordDir, { recursive: true });

const jest = spawnSync(path.join(projectRoot, 'node_modules', '.bin', 'jest'), process.argv.slice(2), {
  cwd: projectRoot,
  stdio: 'inherit',
  env: { ...process.env, EXAMPLES_RECORD_DIR: recordDir },
});

const byOperation = new Map<string, RecordedExchange[]>();
for (const name of fs.readdirSync(recordDir)) {
  for (const line of fs.readFileSync(path.join(recordDir, name), 'utf8').split('\n').filter(Boolean)) {
    const exchange = JSON.parse(line) as RecordedExchange;
    byOperation.set(exchange.operationId, [...(byOperation.get(exchange.operationId) ?? []), exchange]);
  }
}
fs.rmSync(recordDir, { recursive: true, force: true });

// The request examples the spec states: an exchange that sent one is the one to show beside it.
const specRequestExamples = new Map<string, unknown>();
forEachOperation(YAML.parse(fs.readFileSync(path.join(projectRoot, 'openapi', 'spec.yaml'), 'utf8')), (operation) => {
  const example = jsonMedia(operation.requestBody)?.example;
  if (example !== undefined) specRequestExamples.set(String(operation.operationId), example);
});

const committed = readExamples();
fs.mkdirSync(examplesDir, { recursive: true });
for (const [operationId, exchanges] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
  const file: ExampleFile = { ...committed.get(operationId) };
  for (const host of new Set(exchanges.map((exchange) => exchange.host))) {
    const chosen = chooseExchange(
      exchanges.filter((exchange) => exchange.host === host),
      specRequestExamples.get(operationId),
    );
    if (chosen) file[host] = { request: chosen.request, response: chosen.response };
  }
  const sorted = Object.fromEntries(Object.entries(file).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(path.join(examplesDir, `${operationId}.json`), `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`examples: recorded ${byOperation.size} operation(s) into ${path.relative(projectRoot, examplesDir)}/`);

const generate = spawnSync(
  path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
  [path.join(projectRoot, 'scripts', 'generate.ts')],
  { cwd: projectRoot, stdio: 'inherit' },
);
process.exit(jest.status !== 0 ? (jest.status ?? 1) : (generate.status ?? 1));
