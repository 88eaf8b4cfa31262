import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { codeDir, generatedDir, projectRoot } from '../../src/config/paths';
import { lexiconDir } from '../../src/reference/classify/lexicon-files';
import { measuresDir } from '../../src/reference/tariff/tariff-rule-sources';
import { parcelSupplementsDir } from '../../src/reference/parcel/import-parcel-reference';
import { copyAssets } from '../../scripts/copy-assets';
import { seaNetworkFile } from '../../src/domain/tracking/sea-route/network';

/** Every directory of files the running code reads, as the code resolves it. */
const assetDirs = {
  lexiconDir,
  measuresDir,
  parcelSupplementsDir,
  hostDocuments: path.join(generatedDir, 'openapi'),
  seaNetwork: path.dirname(seaNetworkFile),
};

describe('files read at run time come from beside the running code', () => {
  it('resolves them under the running tree (src/ here), each present', () => {
    expect(codeDir).toBe(path.join(projectRoot, 'src'));
    for (const [name, dir] of Object.entries(assetDirs)) {
      expect([name, path.relative(codeDir, dir).startsWith('..')]).toEqual([name, false]);
      expect([name, fs.readdirSync(dir).length > 0]).toEqual([name, true]);
    }
  });

  it('resolves the running tree from the compiled module, so dist/config/paths.js answers dist/', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-dist-'));
    try {
      const source = fs.readFileSync(path.join(projectRoot, 'src', 'config', 'paths.ts'), 'utf8');
      const compiled = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      }).outputText;
      fs.mkdirSync(path.join(dist, 'config'));
      fs.writeFileSync(path.join(dist, 'config', 'paths.js'), compiled);
      fs.writeFileSync(path.join(dist, 'package.json'), '{}');
      // A fresh module registry: the built file, not the one jest already holds.
      const built = jest.requireActual<{ codeDir: string; generatedDir: string }>(
        path.join(dist, 'config', 'paths.js'),
      );
      expect(built.codeDir).toBe(dist);
      expect(built.generatedDir).toBe(path.join(dist, 'generated'));
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the build copies every one of those files to the same place under dist/', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradelane-dist-'));
    try {
      copyAssets(codeDir, dist);
      for (const [name, dir] of Object.entries(assetDirs)) {
        const copy = path.join(dist, path.relative(codeDir, dir));
        const wanted = fs
          .readdirSync(dir)
          .filter((file) => /\.(ya?ml|json|csv)$/.test(file))
          .sort();
        expect([name, fs.readdirSync(copy).sort()]).toEqual([name, wanted]);
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
