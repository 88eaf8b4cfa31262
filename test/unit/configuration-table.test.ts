import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const filesIn = (dir: string, ext: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesIn(path.join(dir, entry.name), ext)
        : entry.name.endsWith(ext)
          ? [path.join(dir, entry.name)]
          : [],
    );

it("names every setting the docs use in the README's configuration table", () => {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Commands'));
  // What src/config reads by name (the only code that reads the environment).
  const config = filesIn('src/config', '.ts').map(read).join('\n');
  const docs = ['README.md', ...filesIn('docs', '.md')];
  const missing = docs.flatMap((file) =>
    [...new Set(read(file).match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g) ?? [])]
      .filter((name) => new RegExp(`\\b${name}\\b`).test(config) && !new RegExp(`\`${name}\\b`).test(table))
      .map((name) => `${name} (${file})`),
  );
  expect(missing).toEqual([]);
});
