import { isDeepStrictEqual } from 'node:util';
import { mulberry32 } from '../../../../bench/seeded-random';
import {
  allEdifactIssues,
  allX12Issues,
  type Delimiters,
  type EdiElement,
  EdiError,
  type EdiSegment,
  type EdifactInterchange,
  readEdifact,
  readX12,
  writeEdifact,
  writeX12,
  type X12Interchange,
} from '../../../../src/domain/edi';

/**
 * Property tests, seeded so a failure replays (EDI_FUZZ_SEED picks another sequence): what we write
 * we read back identically, and no mutation of a written interchange makes the reader throw
 * anything but an EdiError.
 */
const seed = Number(process.env.EDI_FUZZ_SEED ?? 20261202);
const random = mulberry32(seed);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const plain = `${letters}0123456789 .-/#&()`;
const text = (alphabet: string, min: number, max: number) => times(int(min, max), () => pick([...alphabet])).join('');
const bodyTag = () => pick([...letters]) + text(`${letters}0123456789`, 1, 2);
const envelopeTags = new Set(['ISA', 'IEA', 'GS', 'GE', 'ST', 'SE', 'UNA', 'UNB', 'UNZ', 'UNH', 'UNT', 'UNG', 'UNE']);

function elements(alphabet: string, repeats: boolean): EdiElement[] {
  return times(int(1, 6), () => times(repeats ? int(1, 2) : 1, () => times(int(1, 3), () => text(alphabet, 0, 8))));
}

function bodySegments(alphabet: string, repeats: boolean): Array<Omit<EdiSegment, 'position'>> {
  return times(int(0, 6), () => {
    let tag = bodyTag();
    while (envelopeTags.has(tag)) tag = bodyTag();
    return { tag, elements: elements(alphabet, repeats) };
  });
}

const simple = (...values: string[]): EdiElement[] => values.map((v) => [[v]]);

/** Numbers the segments 1, 2, … in writing order, as the reader does. */
function numbered<T>(build: (next: (s: Omit<EdiSegment, 'position'>) => EdiSegment) => T): T {
  let position = 0;
  return build((s) => ({ ...s, position: ++position }));
}

function randomX12(): X12Interchange {
  const [element, component, segment, repetition] = pick([
    ['*', '>', '~', '^'],
    ['|', ':', '\n', '{'],
    ['^', '\\', "'", '!'],
  ]);
  const version = pick(['00401', '00501']);
  const delimiters: Delimiters = {
    element,
    component,
    segment,
    repetition: version === '00401' ? null : repetition,
    release: null,
  };
  const control = String(int(1, 999999999)).padStart(9, '0');
  return numbered((next) => {
    const isa = next({
      tag: 'ISA',
      elements: simple(
        '00',
        ' '.repeat(10),
        '00',
        ' '.repeat(10),
        'ZZ',
        'SENDER'.padEnd(15),
        'ZZ',
        'RECEIVER'.padEnd(15),
        '261202',
        '1650',
        delimiters.repetition ?? 'U',
        version,
        control,
        '0',
        'T',
        component,
      ),
    });
    const groups = times(int(1, 3), (g) => {
      const gs = next({
        tag: 'GS',
        elements: simple('QO', 'SENDER', 'RECEIVER', '20261202', '1650', String(g + 1), 'X', `${version}0`),
      });
      const sets = times(int(1, 3), (s) => {
        const st = next({ tag: 'ST', elements: simple('315', String(s + 1).padStart(4, '0')) });
        const segments = bodySegments(plain, delimiters.repetition !== null).map(next);
        const se = next({ tag: 'SE', elements: simple(String(segments.length + 2), String(s + 1).padStart(4, '0')) });
        return { st, segments, se, issues: [] };
      });
      const ge = next({ tag: 'GE', elements: simple(String(sets.length), String(g + 1)) });
      return { gs, sets, ge, issues: [] };
    });
    const iea = next({ tag: 'IEA', elements: simple(String(groups.length), control) });
    return { delimiters, isa, ta1s: [], groups, iea, issues: [] };
  });
}

function randomEdifact(): EdifactInterchange {
  const syntax = pick(['3', '4']);
  const una = random() < 0.6;
  const custom = pick([
    { component: ':', element: '+', release: '?', segment: "'", repetition: '*' },
    { component: '|', element: '^', release: '#', segment: '!', repetition: '~' },
  ]);
  const delimiters: Delimiters = una
    ? { ...custom, repetition: syntax === '4' ? custom.repetition : null }
    : { component: ':', element: '+', release: '?', segment: "'", repetition: syntax === '4' ? '*' : null };
  // Data may hold any delimiter: the writer releases it and the reader takes it back.
  const alphabet = plain + Object.values(delimiters).join('');
  const reference = text('ABC0123456789', 1, 14);
  return numbered((next) => {
    const unb = next({
      tag: 'UNB',
      elements: [[['UNOC', syntax]], [['SENDER', 'ZZZ']], [['RECEIVER', 'ZZZ']], [['261202', '1650']], [[reference]]],
    });
    const messages = times(int(1, 4), (m) => {
      const unh = next({ tag: 'UNH', elements: [[[String(m + 1)]], [['IFTSTA', 'D', '99B', 'UN']]] });
      const segments = bodySegments(alphabet, delimiters.repetition !== null).map(next);
      const unt = next({ tag: 'UNT', elements: simple(String(segments.length + 2), String(m + 1)) });
      return { unh, segments, unt, issues: [] };
    });
    const unz = next({ tag: 'UNZ', elements: simple(String(messages.length), reference) });
    return { delimiters, decimalMark: '.', una, unb, messages, unz, issues: [] };
  });
}

function mutate(source: string): string {
  const at = int(0, source.length - 1);
  const noise = pick(["'", '+', ':', '?', '*', '~', '>', '^', '|', '\n', 'A', '9', ' ', '']);
  switch (int(0, 4)) {
    case 0:
      return source.slice(0, at) + source.slice(at + 1);
    case 1:
      return source.slice(0, at) + noise + source.slice(at);
    case 2:
      return source.slice(0, at) + noise + source.slice(at + 1);
    case 3:
      return source.slice(0, at);
    default: {
      const to = int(0, source.length - 1);
      return source.slice(0, at) + source.slice(to, to + int(1, 40)) + source.slice(at);
    }
  }
}

const rounds = 300;

describe(`EDI round trips and mutations (seed ${seed})`, () => {
  test('X12: what we write we read back identically, with no issues', () => {
    const differences: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const interchange = randomX12();
      const written = writeX12(interchange, { newlines: random() < 0.5 && interchange.delimiters.segment !== '\n' });
      const read = readX12(written);
      if (!isDeepStrictEqual(read, interchange)) differences.push(written);
      if (allX12Issues(read).length > 0) differences.push(JSON.stringify(allX12Issues(read)));
    }
    expect(differences).toEqual([]);
  });

  test('EDIFACT: what we write we read back identically, with no issues', () => {
    const differences: string[] = [];
    for (let i = 0; i < rounds; i++) {
      const interchange = randomEdifact();
      const written = writeEdifact(interchange, { newlines: random() < 0.5 });
      const read = readEdifact(written);
      if (!isDeepStrictEqual(read, interchange)) differences.push(written);
      if (allEdifactIssues(read).length > 0) differences.push(JSON.stringify(allEdifactIssues(read)));
    }
    expect(differences).toEqual([]);
  });

  test.each([
    ['X12', () => writeX12(randomX12()), (t: string) => allX12Issues(readX12(t))],
    ['EDIFACT', () => writeEdifact(randomEdifact()), (t: string) => allEdifactIssues(readEdifact(t))],
  ])('%s: mutations give issues or an EdiError, never another error', (_standard, write, read) => {
    const unexpected: string[] = [];
    let refused = 0;
    let flagged = 0;
    for (let i = 0; i < rounds * 10; i++) {
      let mutated = write();
      for (let m = int(1, 3); m > 0; m--) mutated = mutate(mutated);
      try {
        const issues = read(mutated);
        if (issues.length > 0) flagged += 1;
        if (issues.some((issue) => !(issue.position >= 0 && issue.message && issue.rule))) unexpected.push(mutated);
      } catch (error) {
        if (error instanceof EdiError && error.issues.length > 0) refused += 1;
        else unexpected.push(`${String(error)}: ${JSON.stringify(mutated)}`);
      }
    }
    expect(unexpected).toEqual([]);
    // Most mutations break a count, a delimiter or a rule; the run must show it noticed them.
    expect(refused + flagged).toBeGreaterThan(rounds * 5);
  });
});
