/**
 * CI (after the build): the compiled code resolves the files it reads at run time (lexicon, tariff
 * measures, rate-card supplements, host documents, the web application's assets, the sea-route network) under dist/, beside itself, and finds them there.
 */
const fs = require('node:fs');
const path = require('node:path');
const console = require('node:console');

const dist = path.resolve(__dirname, '..', 'dist');
const folders = {
  lexicon: require(path.join(dist, 'reference/classify/lexicon-files')).lexiconDir,
  measures: require(path.join(dist, 'reference/tariff/tariff-rule-sources')).measuresDir,
  supplements: require(path.join(dist, 'reference/parcel/import-parcel-reference')).parcelSupplementsDir,
  'host documents': path.join(require(path.join(dist, 'config/paths')).generatedDir, 'openapi'),
  'web assets': require(path.join(dist, 'web/assets.js')).webAssetsDir,
};
// A single file beside compiled modules: the folder is never empty, so the file itself is checked.
const singleFiles = {
  'sea-route network': require(path.join(dist, 'domain/tracking/sea-route/network')).seaNetworkFile,
};
let ok = true;
for (const [name, folder] of Object.entries(folders)) {
  const files = folder.startsWith(dist + path.sep) && fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  console.log(`${name}: ${path.relative(path.dirname(dist), folder)} (${files.length} files)`);
  if (files.length === 0) ok = false;
}
for (const [name, file] of Object.entries(singleFiles)) {
  const present = file.startsWith(dist + path.sep) && fs.existsSync(file);
  console.log(`${name}: ${path.relative(path.dirname(dist), file)} (${present ? 'present' : 'missing'})`);
  if (!present) ok = false;
}
if (!ok) {
  console.error('the built code reads files from outside dist/, or dist/ lacks them');
  process.exit(1);
}
