/**
 * `npm start`'s first step: rebuilds the compiled service (`npm run build:ts` → dist/) and the API
 * reference (`npm run build:docs` → var/docs/) only when their inputs changed since the last build
 * made here, so a restart with nothing changed skips straight to serving.
 *
 * Fresh means: the outputs exist and the SHA-256 of the inputs' paths and contents equals the one
 * recorded after the last build. Contents, not modification times: a checkout, a copy or a clock
 * change cannot make a stale build look fresh. Hashing the few MB of sources takes milliseconds.
 * `node scripts/build-if-stale.mjs ts` checks the compiled service only (the worker, migrate, admin).
 * `--run <file>` then loads that compiled entry point in this same process (no second node start, no
 * shell between them), with the arguments after the file as its own (`process.argv.slice(2)`). Plain JavaScript, run by node itself: a restart should not wait for a TypeScript loader.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** One reference page per host document (src/config/paths.ts: builtDocsDir). */
const hostDocuments = fs
  .readdirSync(path.join(projectRoot, 'src', 'generated', 'openapi'))
  .filter((name) => name.endsWith('.yaml'));

/**
 * label: what is built, as printed; script: the npm script that builds it; inputs: files and folders
 * (relative to the project root) whose contents the build reads; outputs: files the build must have
 * produced; stamp: where the inputs' digest is recorded after a build.
 */
const targets = {
  ts: {
    label: 'dist/',
    script: 'build:ts',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json', 'scripts/copy-assets.ts', 'package-lock.json'],
    outputs: ['dist/main.js', 'dist/worker.js', 'dist/admin-cli.js'],
    stamp: 'dist/.build-inputs.sha256',
  },
  docs: {
    label: 'the API reference (var/docs/)',
    script: 'build:docs',
    inputs: ['openapi', 'src/generated/openapi', 'scripts', 'docs', 'redocly.yaml', 'package-lock.json'],
    outputs: hostDocuments.map((name) => path.join('var', 'docs', name.replace(/\.yaml$/, '.html'))),
    stamp: 'var/docs/.build-inputs.sha256',
  },
};

function filesUnder(relative) {
  const absolute = path.join(projectRoot, relative);
  if (!fs.existsSync(absolute)) return [];
  if (!fs.statSync(absolute).isDirectory()) return [relative];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

function inputsDigest(inputs) {
  const hash = crypto.createHash('sha256');
  for (const file of inputs.flatMap(filesUnder)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(projectRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const readStamp = (stamp) => {
  const file = path.join(projectRoot, stamp);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
};

function buildIfStale(target) {
  // Taken before building: an edit made while the build runs leaves the stamp behind, so the next start rebuilds.
  const digest = inputsDigest(target.inputs);
  const complete = target.outputs.every((output) => fs.existsSync(path.join(projectRoot, output)));
  if (complete && readStamp(target.stamp) === digest) {
    console.log(`${target.label} is up to date`);
    return;
  }
  console.log(`building ${target.label} (${complete ? 'inputs changed' : 'not built yet'})`);
  execFileSync('npm', ['run', '--silent', target.script], { cwd: projectRoot, stdio: 'inherit' });
  fs.mkdirSync(path.dirname(path.join(projectRoot, target.stamp)), { recursive: true });
  fs.writeFileSync(path.join(projectRoot, target.stamp), `${digest}\n`);
}

const args = process.argv.slice(2);
const runAt = args.indexOf('--run');
const entryPoint = runAt >= 0 ? args[runAt + 1] : null;
const chosen = runAt >= 0 ? args.slice(0, runAt) : args;
// The entry point reads its own arguments (`npm run admin -- set-plan …`) as if node had started it.
if (entryPoint) process.argv = [process.argv[0], path.join(projectRoot, entryPoint), ...args.slice(runAt + 2)];
for (const name of chosen.length > 0 ? chosen : ['ts', 'docs']) {
  const target = targets[name];
  if (!target) throw new Error(`unknown build target "${name}" (ts or docs)`);
  buildIfStale(target);
}
if (entryPoint) await import(pathToFileURL(path.join(projectRoot, entryPoint)).href);
