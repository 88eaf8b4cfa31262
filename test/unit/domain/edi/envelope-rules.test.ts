import {
  allEdifactIssues,
  allX12Issues,
  EdiError,
  issueText,
  readEdifact,
  readX12,
  writeX12,
} from '../../../../src/domain/edi';

const isa = (element = '*', component = '>', segment = '~', version = '00401', repetition = 'U') =>
  [
    'ISA',
    '00',
    '          ',
    '00',
    '          ',
    'ZZ',
    'SENDER         ',
    'ZZ',
    'RECEIVER       ',
    '260315',
    '1200',
    repetition,
    version,
    '000000042',
    '0',
    'T',
    component,
  ].join(element) + segment;

const x12 = (body: string[], trailer = ['GE*1*7~', 'IEA*1*000000042~']) =>
  isa() + ['GS*QO*SENDER*RECEIVER*20260315*1200*7*X*004010~', ...body, ...trailer].join('\n');

const set315 = ['ST*315*0001~', 'B4***VD*20260315*1200~', 'SE*3*0001~'];
const x12Issues = (text: string) => allX12Issues(readX12(text)).map(issueText);

describe('X12 envelope', () => {
  test('a well-formed interchange has no issues, one segment a line or all on one', () => {
    expect(x12Issues(x12(set315))).toEqual([]);
    expect(x12Issues(x12(set315).replace(/\n/g, ''))).toEqual([]);
    expect(x12Issues(x12(set315).replace(/\n/g, '\r\n'))).toEqual([]);
  });

  test('the delimiters are whatever ISA declares at its fixed positions', () => {
    const text =
      isa('|', '^', '!', '00501', '{') +
      'GS|QO|SE|RE|20260315|1200|1|X|005010!ST|315|0001!B4|||VD{AE|A^B!SE|3|0001!GE|1|1!IEA|1|000000042!';
    const interchange = readX12(text);
    expect(interchange.delimiters).toEqual({
      element: '|',
      component: '^',
      segment: '!',
      repetition: '{',
      release: null,
    });
    expect(interchange.groups[0].sets[0].segments[0].elements).toEqual([
      [['']],
      [['']],
      [['VD'], ['AE']],
      [['A', 'B']],
    ]);
    expect(allX12Issues(interchange)).toEqual([]);
    expect(writeX12(interchange)).toBe(text);
  });

  test('an ISA that is not fixed width is refused, naming where the separator should stand', () => {
    const text = x12(set315).replace('SENDER         ', 'SENDER');
    expect(() => readX12(text)).toThrow(EdiError);
    expect(() => readX12(text)).toThrow(
      "segment 1 (ISA): syntax: ISA is fixed width: the element separator '*' must stand at character 51, before ISA07 (2 characters)",
    );
  });

  test('text that is no interchange is refused', () => {
    expect(() => readX12('hello')).toThrow('segment 1 (hel): syntax: an X12 interchange starts with ISA');
    expect(() => readX12(x12(set315) + 'ST*')).toThrow("the text ends without the segment terminator '~'");
  });

  test('trailer counts and control numbers are checked at every level', () => {
    const text = x12(['ST*315*0001~', 'B4***VD~', 'SE*2*0002~'], ['GE*2*8~', 'IEA*2*000000043~']);
    expect(x12Issues(text)).toEqual([
      'segment 5 (SE) element SE01: count: is 2, expected 3 (the segments from ST to SE)',
      'segment 5 (SE) element SE02: control_number: is 0002, expected 0001 (ST02)',
      'segment 6 (GE) element GE01: count: is 2, expected 1 (the transaction sets in the group)',
      'segment 6 (GE) element GE02: control_number: is 8, expected 7 (GS06)',
      'segment 7 (IEA) element IEA01: count: is 2, expected 1 (the functional groups in the interchange)',
      'segment 7 (IEA) element IEA02: control_number: is 000000043, expected 000000042 (ISA13)',
    ]);
  });

  test('a missing SE, a segment outside a set, a misfiled set and a reused control number are each named', () => {
    const text = x12(
      ['N9*BM*X~', 'ST*210*0001~', 'B3*B*1~', 'ST*315*0001~', 'SE*2*0001~'],
      ['GE*2*7~', 'IEA*1*000000042~'],
    );
    expect(x12Issues(text)).toEqual([
      'segment 3 (N9): envelope: stands outside any transaction set (ST … SE)',
      'segment 4 (ST) element ST01: code: transaction set 210 belongs in a IN group, not in GS01 QO',
      'segment 6 (ST): envelope: transaction set 0001 has no SE before ST',
      'segment 6 (ST) element ST02: control_number: control number 0001 is used by an earlier set of this group',
    ]);
  });

  test('mandatory elements, lengths, formats and codes of the envelope are checked', () => {
    const text = x12(['ST*315*0001~', 'SE*2*0001~'])
      .replace('*0*T*', '*0*Q*')
      .replace('GS*QO*SENDER*RECEIVER*20260315*1200*7*X', 'GS*QO**RECEIVER*20261315*2500*7*Z');
    expect(x12Issues(text)).toEqual([
      "segment 1 (ISA) element ISA15: code: 'Q' is not one of P, T, I",
      'segment 2 (GS) element GS02: required: is mandatory and empty',
      "segment 2 (GS) element GS04: date: '20261315' is not a date CCYYMMDD",
      "segment 2 (GS) element GS05: time: '2500' is not a time HHMM[SS[dd]]",
      "segment 2 (GS) element GS07: code: 'Z' is not one of X, T",
    ]);
  });

  test('a missing IEA and segments after IEA are named', () => {
    expect(x12Issues(x12(set315, ['GE*1*7~']))).toEqual(['segment 6 (IEA): envelope: the interchange has no IEA']);
    expect(x12Issues(x12(set315, ['GE*1*7~', 'IEA*1*000000042~', 'GS*QO~']))).toEqual([
      'segment 8 (GS): envelope: follows IEA; one interchange per message',
    ]);
  });

  test('the writer refuses data holding a delimiter, since X12 cannot escape it', () => {
    const interchange = readX12(x12(set315));
    interchange.groups[0].sets[0].segments[0].elements[2] = [['V*D']];
    expect(() => writeX12(interchange)).toThrow(
      "segment 0 (B4) element B403: format: the value 'V*D' holds the delimiter '*'",
    );
  });
});

const unb = "UNB+UNOC:3+SENDER:ZZZ+RECEIVER:ZZZ+260315:1200+REF42'";
const message = ["UNH+1+IFTSTA:D:99B:UN'", "BGM+23+315+9'", "UNT+3+1'"];
const edifactIssues = (text: string) => allEdifactIssues(readEdifact(text)).map(issueText);

describe('EDIFACT envelope', () => {
  test('UNA declares the delimiters; the release character escapes them in data', () => {
    const text =
      'UNA|*.# !' +
      unb.replace(/\+/g, '*').replace(/:/g, '|').replace(/'/g, '!') +
      'UNH*1*IFTSTA|D|99B|UN!FTX*AAI***A#*B#|C##D#!E!UNT*3*1!UNZ*1*REF42!';
    const interchange = readEdifact(text);
    expect(interchange.delimiters).toEqual({
      component: '|',
      element: '*',
      release: '#',
      repetition: null,
      segment: '!',
    });
    expect(interchange.messages[0].segments[0].elements[3]).toEqual([['A*B|C#D!E']]);
    expect(edifactIssues(text)).toEqual([]);
  });

  test('without UNA the defaults apply, with ? releasing and segments one a line', () => {
    const text = [unb, "UNH+1+IFTSTA:D:99B:UN'", "FTX+AAI+++50?% OFF?'S'", "UNT+3+1'", "UNZ+1+REF42'"].join('\r\n');
    const interchange = readEdifact(text);
    expect(interchange.messages[0].segments[0].elements[3]).toEqual([["50% OFF'S"]]);
    expect(edifactIssues(text)).toEqual([]);
  });

  test('syntax 4 has * for repetitions even without UNA', () => {
    const text = unb.replace('UNOC:3', 'UNOC:4') + "UNH+1+IFTSTA:D:01B:UN'RFF+BN:1*BM:2'UNT+3+1'UNZ+1+REF42'";
    expect(readEdifact(text).messages[0].segments[0].elements[0]).toEqual([
      ['BN', '1'],
      ['BM', '2'],
    ]);
  });

  test('UNT and UNZ counts and references are checked', () => {
    const text = unb + ["UNH+1+IFTSTA:D:99B:UN'", "BGM+23'", "UNT+2+9'", "UNZ+2+REF43'"].join('');
    expect(edifactIssues(text)).toEqual([
      'segment 4 (UNT) element UNT01: count: is 2, expected 3 (the segments from UNH to UNT)',
      'segment 4 (UNT) element UNT02: control_number: is 9, expected 1 (UNH01)',
      'segment 5 (UNZ) element UNZ01: count: is 2, expected 1 (the messages in the interchange)',
      'segment 5 (UNZ) element UNZ02: control_number: is REF43, expected REF42 (UNB05)',
    ]);
  });

  test('a missing UNZ, segments outside a message, groups and a reused UNH reference are named', () => {
    const text = unb + ["BGM+1'", ...message, "UNG+X'", ...message].join('');
    expect(edifactIssues(text)).toEqual([
      'segment 2 (BGM): envelope: stands outside any message (UNH … UNT)',
      'segment 6 (UNG): envelope: functional groups (UNG … UNE) are not supported: send messages directly in UNB … UNZ',
      'segment 7 (UNH) element UNH01: control_number: control number 1 is used by an earlier message of this interchange',
      'segment 9 (UNZ): envelope: the interchange has no UNZ',
    ]);
  });

  test('UNB and UNH elements are checked', () => {
    const text = "UNB+UNOZ:3++RECEIVER+261315:1200+REF42'UNH+1+IFTSTA:D'UNT+2+1'UNZ+1+REF42'";
    expect(edifactIssues(text)).toEqual([
      "segment 1 (UNB) element UNB01-1: code: 'UNOZ' is not one of UNOA, UNOB, UNOC, UNOD, UNOE, UNOF, UNOW, UNOX, UNOY",
      'segment 1 (UNB) element UNB02-1: required: is mandatory and empty',
      "segment 1 (UNB) element UNB04-1: date: '261315' is not a date YYMMDD or CCYYMMDD",
      'segment 2 (UNH) element UNH02-3: required: is mandatory and empty',
      'segment 2 (UNH) element UNH02-4: required: is mandatory and empty',
    ]);
  });

  test('text that is no interchange is refused', () => {
    expect(() => readEdifact("UNH+1+IFTSTA:D:99B:UN'")).toThrow('an EDIFACT interchange starts with UNB');
    expect(() => readEdifact('UNA:+')).toThrow('UNA is followed by six service characters');
  });
});
