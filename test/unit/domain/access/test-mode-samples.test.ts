import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../../../src/config/paths';
import { isTestModeSample, testModeSamples } from '../../../../src/domain/access/test-mode-samples';
import { loadHostDocument } from '../../../../src/http/host-document';

const accessDoc = fs.readFileSync(path.join(projectRoot, 'docs', 'access.md'), 'utf8');
const descriptionOf = (operationId: string): string =>
  String(
    (['main', 'tariff'] as const)
      .flatMap((host) => loadHostDocument(host).operations)
      .find((op) => op.operationId === operationId)?.definition.description,
  );

it('names every sample input in docs/access.md and in the operation descriptions of the spec', () => {
  const { calculateTariff, searchHtsCodes, quoteParcels, createTrackingSubscription } = testModeSamples;
  const named: Array<[string, string[]]> = [
    ['calculateTariff', [...calculateTariff.htsCodes, ...calculateTariff.countries]],
    ['searchHtsCodes', [...searchHtsCodes.queries]],
    ['quoteParcels', quoteParcels.zipPairs.map(([from, to]) => `${from} → ${to}`)],
    ['createTrackingSubscription', [...createTrackingSubscription.containers]],
  ];
  for (const [operationId, values] of named) {
    const description = descriptionOf(operationId).replace(/\s+/g, ' ');
    for (const value of values) {
      expect(description).toContain(value);
      expect(accessDoc.replace(/\s+/g, ' ')).toContain(value);
    }
  }
});

it('recognises the samples however they are written, and nothing else', () => {
  expect(isTestModeSample('calculateTariff', { hts_code: '6109100012', country_code: 'cn' })).toBe(true);
  expect(isTestModeSample('calculateTariff', { hts_code: '6109.10.00.12', country_code: 'FR' })).toBe(false);
  expect(isTestModeSample('searchHtsCodes', { query: '  Cotton T-Shirt ' })).toBe(true);
  expect(isTestModeSample('searchHtsCodes', { query: 'cotton t-shirts' })).toBe(false);
  expect(
    isTestModeSample('quoteParcels', { origin: { postal_code: '10001-1234' }, destination: { postal_code: '90210' } }),
  ).toBe(true);
  expect(
    isTestModeSample('quoteParcels', { origin: { postal_code: '90210' }, destination: { postal_code: '10001' } }),
  ).toBe(false);
  expect(
    isTestModeSample('createTrackingSubscription', { reference_type: 'container', reference: 'msku 000103-9' }),
  ).toBe(true);
  expect(
    isTestModeSample('createTrackingSubscription', { reference_type: 'bill_of_lading', reference: 'MSKU0001039' }),
  ).toBe(false);
  expect(
    isTestModeSample('createTrackingSubscription', { reference_type: 'container', reference: 'MSKU1234565' }),
  ).toBe(false);
  expect(isTestModeSample('createLoadPlan', { items: [] })).toBe(false);
  expect(isTestModeSample('calculateTariff', null)).toBe(false);
});
