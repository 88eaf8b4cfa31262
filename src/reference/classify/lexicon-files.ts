import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { codeDir } from '../../config/paths';
import { buildLexicon, Lexicon, LexiconError, type TextAnalyser } from '../../domain/classify';

/** The curated lexicon's family files, shipped with the code (data, reviewed and tested like code). */
export const lexiconDir = path.join(codeDir, 'domain', 'classify', 'lexicon');

/** Reads every `*.yaml` family of the lexicon directory and builds the lexicon. */
export function loadLexicon(analyser: TextAnalyser, dir: string = lexiconDir): Lexicon {
  const files: Record<string, unknown> = {};
  for (const name of fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()) {
    try {
      files[name] = parseYaml(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      throw new LexiconError(`${name}: ${(error as Error).message}`);
    }
  }
  return buildLexicon(files, analyser);
}
