import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  allEdifactIssues,
  allX12Issues,
  edifactAcknowledgement,
  type EdiSegment,
  readEdifact,
  readX12,
  writeEdifact,
  writeX12,
  x12Acknowledgement,
} from '../../../../src/domain/edi';

const sample = (name: string) => readFileSync(path.join(__dirname, '../../../../data/tracking/edi', name), 'utf8');
const at = new Date('2026-12-02T17:30:00Z');
const parties = {
  from: { qualifier: 'ZZ', id: 'TRADELANE' },
  to: { qualifier: 'ZZ', id: 'UPSCARRIER' },
  usage: 'P' as const,
  version: '004010',
};
const text = (segments: EdiSegment[]) =>
  segments.map((s) => [s.tag, ...s.elements.map((e) => e.map((r) => r.join(':')).join('^'))].join('*'));

/** Our acknowledgement written, then read back by our own reader: it must be a clean interchange. */
function roundTrip(written: string) {
  const read = readX12(written);
  expect(allX12Issues(read)).toEqual([]);
  return read;
}

describe('X12 acknowledgements', () => {
  test('a good 214 gets a TA1 accepting the interchange and a 997 accepting its set', () => {
    const received = readX12(sample('x12_214_demo_fixed.edi'));
    const ack = x12Acknowledgement(
      received,
      { ta1: true, functional: true },
      parties,
      { interchange: 5, group: 3 },
      at,
    )!;
    const read = roundTrip(writeX12(ack));
    expect(text(read.ta1s)).toEqual(['TA1*000000777*250321*1430*A*000']);
    expect(text([read.groups[0].gs])).toEqual(['GS*FA*TRADELANE*UPSCARRIER*20261202*1730*3*X*004010']);
    const [set] = read.groups[0].sets;
    expect(text([set.st, ...set.segments, set.se!])).toEqual([
      'ST*997*0001',
      'AK1*QM*777',
      'AK2*214*0007',
      'AK5*A',
      'AK9*A*1*1*1',
      'SE*6*0001',
    ]);
    expect(read.isa.elements.map((e) => e[0][0]).slice(4, 16)).toEqual([
      'ZZ',
      'TRADELANE      ',
      'ZZ',
      'UPSCARRIER     ',
      '261202',
      '1730',
      'U',
      '00401',
      '000000005',
      '0',
      'P',
      '>',
    ]);
  });

  test('the 214 with the wrong SE count is rejected in its 997 (AK5 R 4, AK9 R)', () => {
    const received = readX12(sample('x12_214_demo_samples_js_SE_COUNT_WRONG.edi'));
    const ack = x12Acknowledgement(
      received,
      { ta1: false, functional: true },
      parties,
      { interchange: 6, group: 4 },
      at,
    )!;
    const read = roundTrip(writeX12(ack));
    expect(read.ta1s).toEqual([]);
    expect(text(read.groups[0].sets[0].segments)).toEqual(['AK1*QM*777', 'AK2*214*0007', 'AK5*R*4', 'AK9*R*1*1*0']);
  });

  test('segment and element errors are named in AK3/AK4; a group with one good and one bad set is partly accepted', () => {
    const received = readX12(
      sample('x12_315_cmacgm_style_oecgroup.edi').replace(
        'GS*QO*CMACGM*OECGROUP*20181012',
        'GS*QO*CMACGM*OECGROUP*20181012',
      ),
    );
    // Spoil the second set's R4-01 code: the mapping checks it (AK3 at its position in the set, AK4 code 7).
    const set = received.groups[0].sets[1];
    set.issues.push({
      position: set.st.position + 6,
      segment: 'R4',
      element: 'R401',
      rule: 'code',
      message: "'Q' is not a code",
    });
    const ack = x12Acknowledgement(
      received,
      { ta1: false, functional: true },
      parties,
      { interchange: 7, group: 5 },
      at,
    )!;
    const read = roundTrip(writeX12(ack));
    expect(text(read.groups[0].sets[0].segments)).toEqual([
      'AK1*QO*81466',
      'AK2*315*0001',
      'AK5*A',
      'AK2*315*0002',
      'AK3*R4*7**8',
      'AK4*1**7',
      'AK5*R*5',
      'AK9*P*2*2*1',
    ]);
  });

  test('an interchange whose IEA02 differs from ISA13 is rejected by TA1 note 001, and ISA14 = 1 asks for a TA1 itself', () => {
    const received = readX12(
      sample('x12_997_demo_samples_js.edi').replace('*0*P*>', '*1*P*>').replace('IEA*1*000000124', 'IEA*1*000000125'),
    );
    const ack = x12Acknowledgement(
      received,
      { ta1: false, functional: true },
      parties,
      { interchange: 8, group: 6 },
      at,
    )!;
    const read = roundTrip(writeX12(ack));
    expect(text(read.ta1s)).toEqual(['TA1*000000124*250318*0930*R*001']);
    // A group of acknowledgements (FA) is never acknowledged itself.
    expect(read.groups).toEqual([]);
  });

  test('nothing asked, nothing sent', () => {
    const received = readX12(sample('x12_214_demo_fixed.edi'));
    expect(
      x12Acknowledgement(received, { ta1: false, functional: false }, parties, { interchange: 9, group: 7 }, at),
    ).toBeNull();
  });
});

describe('EDIFACT CONTRL', () => {
  const contrlParties = {
    ...parties,
    from: { qualifier: 'ZZZ', id: '999999' },
    to: { qualifier: 'ZZZ', id: 'IITTRR' },
    version: 'D.99B',
  };

  test('the IFTSTA sample is accepted: UCI and UCM action 7', () => {
    const received = readEdifact(sample('edifact_iftsta_d99b_cargosmart_snippet.edi'));
    const written = writeEdifact(edifactAcknowledgement(received, contrlParties, { interchange: 12, group: 0 }, at));
    expect(written).toBe(
      "UNB+UNOC:3+999999:ZZZ+IITTRR:ZZZ+261202:1730+12'UNH+1+CONTRL:D:3:UN'UCI+6771+IITTRR:ZZZ+999999:ZZZ+7'UCM+1+IFTSTA:D:99B:UN+7'UNT+4+1'UNZ+1+12'",
    );
    expect(allEdifactIssues(readEdifact(written))).toEqual([]);
  });

  test('the IFTMIN without UNT is rejected: UCM action 4, code 13 (missing) at UNZ', () => {
    const received = readEdifact(sample('edifact_iftmin_d99b_test.edi'));
    const read = readEdifact(
      writeEdifact(edifactAcknowledgement(received, contrlParties, { interchange: 13, group: 0 }, at)),
    );
    expect(allEdifactIssues(read)).toEqual([]);
    expect(text(read.messages[0].segments)).toEqual([
      'UCI*MSG047*SGSHP:172:20*AVERIS:172:20*7',
      'UCM*1*IFTMIN:D:99B:UN*4*13*UNZ',
    ]);
  });
});
