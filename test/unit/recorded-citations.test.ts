import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readExamples } from '../../scripts/lib/recorded-examples';

const rulesDir = path.resolve(__dirname, '..', '..', 'src', 'domain', 'tariff');

const yamlFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? yamlFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.yaml')
          ? [path.join(dir, entry.name)]
          : [],
    );

function stringsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, into));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => stringsIn(item, into));
  return into;
}

function citationsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => citationsIn(item, into));
  else if (value !== null && typeof value === 'object') {
    const { citations } = value as { citations?: Array<{ ref?: unknown }> };
    if (Array.isArray(citations)) for (const c of citations) if (typeof c.ref === 'string') into.push(c.ref);
    Object.values(value).forEach((item) => citationsIn(item, into));
  }
  return into;
}

it("cites in the reference's examples only the HTS releases the duty rules in force cite", () => {
  // A citation naming a release ("HTS 2026 Rev 13") is written in the rules' sources; an example
  // recorded before a source changed would show a release the rules no longer name.
  const cited = new Set<string>();
  for (const file of yamlFiles(rulesDir))
    stringsIn(YAML.parse(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }), cited);
  const stale = [...readExamples()].flatMap(([operationId, file]) =>
    citationsIn(file)
      .filter((ref) => /\bHTS \d{4} Rev/.test(ref) && !cited.has(ref))
      .map((ref) => `${operationId}: ${ref}`),
  );
  expect(stale).toEqual([]);
});
