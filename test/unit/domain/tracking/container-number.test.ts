import { checkContainerNumber, iso6346CheckDigit } from '../../../../src/domain/tracking/container-number';
import { carrierFromContainerNumber, carrierFromReference } from '../../../../src/domain/tracking/carriers';

// Numbers published with their check digits (prefixlist.com's ISO 6346 check-digit page, DCSA and Vizion API examples).
const valid = [
  'CSQU3054383',
  'APZU4812090',
  'CMAU5127498',
  'MRKU0090522',
  'CMAU4049810',
  'FSCU5722094',
  'CMAU5447085',
  'GAOU6570655',
  'MEDU8707688',
  'CBHU3202732',
  'MWCU6059784',
  'MAEU1234567',
  'CXRU1255022',
];
const wrongDigit: Array<[string, number]> = [
  ['MSCU1234567', 6],
  ['MSKU1234567', 5],
  ['GMCU6094137', 5],
  ['TCNU1234567', 5],
  ['ABCU1234567', 0],
];

describe('ISO 6346', () => {
  test.each(valid)('%s is valid', (number) => {
    expect(checkContainerNumber(number)).toMatchObject({ valid: true, number });
  });

  test.each(wrongDigit)('%s has a wrong check digit; expected %i', (number, expected) => {
    expect(checkContainerNumber(number)).toMatchObject({
      valid: false,
      problem: 'check_digit',
      expectedCheckDigit: expected,
      message: expect.stringContaining(`is ${expected}`),
    });
  });

  test('normalises case, spaces, dashes and the boxed check digit', () => {
    expect(checkContainerNumber(' csqu 305438-[3] ')).toMatchObject({
      valid: true,
      number: 'CSQU3054383',
      ownerCode: 'CSQ',
      serial: '305438',
      checkDigit: 3,
    });
  });

  test('rejects a bad shape and a category other than U, J, Z', () => {
    expect(checkContainerNumber('CSQU305438')).toMatchObject({ valid: false, problem: 'format' });
    expect(checkContainerNumber('APNR7744962')).toMatchObject({ valid: false, problem: 'category' });
  });

  test('a remainder of 10 gives check digit 0', () => {
    // Σ value·2^i for CSQU100008 is 11k + 10 (computed by hand from the letter table).
    expect(iso6346CheckDigit('CSQU100008')).toBe(0);
    expect(checkContainerNumber('CSQU1000080').valid).toBe(true);
  });
});

describe('carrier inference', () => {
  test('from the owner prefix, saying so', () => {
    expect(carrierFromContainerNumber('MSKU1234565')).toEqual({ scac: 'MAEU', source: 'owner_prefix' });
    expect(carrierFromContainerNumber('CSQU3054383')).toEqual({ scac: 'HLCU', source: 'owner_prefix' });
    expect(carrierFromContainerNumber('MEDU8707688')).toEqual({ scac: 'MSCU', source: 'owner_prefix' });
  });

  test('lessor prefixes name no carrier', () => {
    expect(carrierFromContainerNumber('TCNU1234565')).toBeNull();
    expect(carrierFromContainerNumber('CXRU1255022')).toBeNull();
  });

  test('from a bill of lading prefix', () => {
    expect(carrierFromReference('MAEU123456789')).toEqual({ scac: 'MAEU', source: 'reference_prefix' });
    expect(carrierFromReference('MEDUAB123456')).toEqual({ scac: 'MSCU', source: 'reference_prefix' });
    expect(carrierFromReference('123456789')).toBeNull();
  });
});
