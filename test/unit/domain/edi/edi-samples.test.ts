import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  allEdifactIssues,
  allX12Issues,
  elementValue,
  issueText,
  readEdifact,
  readX12,
  writeEdifact,
  writeX12,
} from '../../../../src/domain/edi';

// The published samples copied unmodified into data/tracking/edi (provenance: data/tracking/PROVENANCE.md).
const sample = (name: string) => readFileSync(path.join(__dirname, '../../../../data/tracking/edi', name), 'utf8');

const x12Samples: Array<[string, string[]]> = [
  ['x12_315_cmacgm_style_oecgroup.edi', []],
  ['x12_315_rail_ramp_serde_x12_test.edi', []],
  ['x12_214_demo_fixed.edi', []],
  ['x12_210_ltl_invoice_fixed.edi', []],
  ['x12_997_demo_samples_js.edi', []],
  ['x12_856_node-x12_fixture.edi', []],
  [
    'x12_214_demo_samples_js_SE_COUNT_WRONG.edi',
    ['segment 15 (SE) element SE01: count: is 12, expected 13 (the segments from ST to SE)'],
  ],
  [
    'x12_210_ltl_invoice_test_SE_COUNT_WRONG.edi',
    ['segment 18 (SE) element SE01: count: is 17, expected 16 (the segments from ST to SE)'],
  ],
];

const edifactSamples: Array<[string, string[]]> = [
  ['edifact_iftsta_d99b_cargosmart_snippet.edi', []],
  ['edifact_iftmin_d99b_test.edi', ['segment 13 (UNZ): envelope: message 1 has no UNT before UNZ']],
];

describe('the X12 samples in data/', () => {
  test.each(x12Samples)('%s reads with exactly the expected issues', (name, expected) => {
    expect(allX12Issues(readX12(sample(name))).map(issueText)).toEqual(expected);
  });

  test.each(x12Samples)('%s is written back byte for byte', (name) => {
    const text = sample(name);
    const interchange = readX12(text);
    const written = [writeX12(interchange), writeX12(interchange, { newlines: true })];
    expect(written.some((w) => w === text || w === text.trimEnd())).toBe(true);
  });

  test('a wrong SE count spoils its set only, not the group or the interchange', () => {
    const interchange = readX12(sample('x12_214_demo_samples_js_SE_COUNT_WRONG.edi'));
    expect(interchange.issues).toEqual([]);
    expect(interchange.groups[0].issues).toEqual([]);
    expect(interchange.groups[0].sets[0].issues.map((i) => i.element)).toEqual(['SE01']);
  });

  test('the two 315 sets of the CMA CGM sample carry their status codes and container', () => {
    const [group] = readX12(sample('x12_315_cmacgm_style_oecgroup.edi')).groups;
    const b4 = group.sets.map((s) => s.segments.find((seg) => seg.tag === 'B4')!);
    expect(b4.map((seg) => elementValue(seg, 3))).toEqual(['VD', 'AE']);
    expect(
      group.sets.map((s) =>
        elementValue(
          s.segments.find((seg) => seg.tag === 'N9' && elementValue(seg, 1) === 'EQ')!,
          2,
        ),
      ),
    ).toEqual(['CMAU5127498', 'CMAU5127498']);
  });

  test('version 00406 declares ISA11 the repetition separator, so the 856 REF02 "999999-001" is two repetitions', () => {
    const interchange = readX12(sample('x12_856_node-x12_fixture.edi'));
    expect(interchange.delimiters).toMatchObject({ element: '*', component: '>', segment: '~', repetition: '-' });
    const ref = interchange.groups[0].sets[0].segments.find((s) => s.tag === 'REF')!;
    expect(ref.elements[1]).toEqual([['999999'], ['001']]);
  });

  test('version 00401 has no repetition separator: ISA11 U is a code', () => {
    expect(readX12(sample('x12_210_ltl_invoice_fixed.edi')).delimiters.repetition).toBeNull();
  });
});

describe('the EDIFACT samples in data/', () => {
  test.each(edifactSamples)('%s reads with exactly the expected issues', (name, expected) => {
    expect(allEdifactIssues(readEdifact(sample(name))).map(issueText)).toEqual(expected);
  });

  test.each(edifactSamples)('%s is written back byte for byte', (name) => {
    const text = sample(name);
    const interchange = readEdifact(text);
    const written = [writeEdifact(interchange), writeEdifact(interchange, { newlines: true })];
    expect(written.some((w) => w === text || w === text.trimEnd())).toBe(true);
  });

  test('the IFTSTA sample (no UNA) uses the default delimiters and carries its status and container', () => {
    const interchange = readEdifact(sample('edifact_iftsta_d99b_cargosmart_snippet.edi'));
    expect(interchange.una).toBe(false);
    const segments = interchange.messages[0].segments;
    expect(
      elementValue(
        segments.find((s) => s.tag === 'STS')!,
        2,
      ),
    ).toBe('VD');
    expect(
      elementValue(
        segments.find((s) => s.tag === 'EQD')!,
        2,
      ),
    ).toBe('ABCD1234567');
    expect(
      elementValue(
        segments.find((s) => s.tag === 'TDT')!,
        8,
        4,
      ),
    ).toBe('DUMP VESSEL');
  });
});
