import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  htsCodePattern,
  htsDigits,
  htsPrefixDigits,
  htsPrefixPattern,
  htsTariffLineDigits,
  htsTariffLinePattern,
} from '../../../../src/domain/hts/model';

/** Every `pattern` in the spec on an HTS code, path → pattern source. */
function specHtsPatterns(): Map<string, string> {
  const spec: unknown = parse(fs.readFileSync(path.join(__dirname, '../../../../openapi/spec.yaml'), 'utf8'));
  const found = new Map<string, string>();
  const walk = (node: unknown, at: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string' && /hts_code|hts_prefixes|HtsCode/.test(at.join('/')))
        found.set(at.join('/'), value);
      walk(value, [...at, key]);
    }
  };
  walk(spec, []);
  return found;
}

const parsers = new Map<string, (input: string) => string | null>([
  [htsCodePattern.source, htsDigits],
  [htsTariffLinePattern.source, htsTariffLineDigits],
  [htsPrefixPattern.source, htsPrefixDigits],
]);

const edges = [
  '6109',
  '610910',
  '61091000',
  '6109100012',
  '6109.10',
  '6109.10.00',
  '6109.10.0012',
  '6109.10.00.12',
  '6109.1000.12',
  '610910.00',
  '61',
  '6',
  '61.09',
  '6.109',
  '6109.',
  '.6109',
  '6109..10',
  '6109.1',
  '61091',
  '6109100',
  '610910001',
  '61091000123',
  '6109.10.00.12.34',
  ' 6109.10.0012',
  '6109.10.0012 ',
  '6109-10-0012',
  '６１０９',
  '',
  '8471.30.0100',
  '8471300100',
  '8471.3',
];

describe('the spec and the HTS model agree on what an HTS code is', () => {
  const patterns = specHtsPatterns();

  it('every HTS pattern in the spec is one of the model’s', () => {
    expect(patterns.size).toBeGreaterThanOrEqual(5);
    for (const [where, pattern] of patterns) expect([where, parsers.has(pattern)]).toEqual([where, true]);
  });

  it.each([...parsers.keys()])('pattern %s accepts exactly what its parser accepts', (source) => {
    const parser = parsers.get(source)!;
    const specPattern = new RegExp(source, 'u');
    for (const input of edges) expect([input, specPattern.test(input)]).toEqual([input, parser(input) !== null]);
  });

  it('reads the digits whatever the dots', () => {
    expect(['6109100012', '6109.10.0012', '6109.10.00.12', '6109.1000.12'].map(htsTariffLineDigits)).toEqual(
      Array(4).fill('6109100012'),
    );
    expect(htsTariffLineDigits('6109.10')).toBeNull();
    expect(htsDigits('6109.10')).toBe('610910');
    expect(htsPrefixDigits('6109.1')).toBe('61091');
  });
});
