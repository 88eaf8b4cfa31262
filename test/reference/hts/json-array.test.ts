import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import { parseJsonArray } from '../../../src/reference/hts/json-array';
import { repoDataDir } from '../../support/reference-data';

const noWait = () => Promise.resolve();

/** What JSON.parse says of the whole text: the value, or that it refuses it. */
function wholeParse(source: string): { value: unknown } | { refused: true } {
  try {
    return { value: JSON.parse(source) as unknown };
  } catch {
    return { refused: true };
  }
}

async function elementParse(source: string): Promise<{ value: unknown } | { refused: true } | null> {
  try {
    const elements = await parseJsonArray(source, noWait);
    return elements === null ? null : { value: elements };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return { refused: true };
  }
}

describe('parseJsonArray (a JSON array parsed element by element)', () => {
  it('reads every real USITC JSON export in data/hts as JSON.parse reads it', async () => {
    const exports = fs.readdirSync(path.join(repoDataDir, 'hts')).filter((name) => name.endsWith('_json.json.gz'));
    expect(exports.length).toBeGreaterThan(10);
    // Node's deep equality, not toEqual: a tenth of the time on 35,000 rows, and the files that differ are named.
    const differing: string[] = [];
    for (const name of exports) {
      const source = zlib.gunzipSync(fs.readFileSync(path.join(repoDataDir, 'hts', name))).toString('utf8');
      if (!isDeepStrictEqual(await parseJsonArray(source, noWait), JSON.parse(source))) differing.push(name);
    }
    expect(differing).toEqual([]);
  });

  it.each([
    '[]',
    ' [ ] ',
    '\n[1]\n',
    '[{"a":"]"},{"b":"[,{"}]',
    '[{"a":"say \\"hi\\", then ]"}, "\\\\", "\\\\\\"", {"nested":[[1,2],[{"x":[]}]]}]',
    '["é ü ✓ \\u00e9 \\ud83d\\ude00", -1.5e3, true, false, null]',
    '[[], {}, [[]], "", 0]',
  ])('gives the elements JSON.parse gives: %s', async (source) => {
    expect(await elementParse(source)).toEqual(wholeParse(source));
  });

  it.each([
    '[1,]',
    '[,1]',
    '[1 2]',
    '[1}',
    '[{"a":1]}',
    '[{"a":1}',
    '[{"a":"unclosed}]',
    '[1] x',
    '[1][2]',
    '[',
    '[{"a":1},{"b":',
  ])('refuses what JSON.parse refuses: %s', async (source) => {
    expect(wholeParse(source)).toEqual({ refused: true });
    expect(await elementParse(source)).toEqual({ refused: true });
  });

  it('says a text that is not an array is none (the caller names what it must be)', async () => {
    expect(await parseJsonArray('{"rows":[]}', noWait)).toBeNull();
    expect(await parseJsonArray('  "text"', noWait)).toBeNull();
  });

  it('gives way between elements', async () => {
    let turns = 0;
    await parseJsonArray('[1,2,3]', () => {
      turns += 1;
      return Promise.resolve();
    });
    expect(turns).toBe(3);
  });
});
