import { normaliseContainerNumber, sandboxSample, sandboxSamples } from '../tracking';

/**
 * Test mode's sample inputs: a test key (tl_test_) calls an operation with them free and without
 * limit, so an integration can be built and run in CI against stable answers. Any other input on a
 * test key counts against the account's own daily quota (the same count as its live keys: never a
 * second free quota); container tracking, which has no daily quota, spends the account's credits.
 * The one list: docs/access.md and the spec's descriptions name these values.
 */
export const testModeSamples = {
  /** calculateTariff: any of these HTS codes with any of these countries of origin. */
  calculateTariff: {
    htsCodes: [
      '6109.10.00.12',
      '6110.20.20.79',
      '6404.11.90.20',
      '8471.30.01.00',
      '8516.60.40.60',
      '8517.13.00.00',
      '9503.00.00.73',
    ],
    countries: ['CN', 'VN', 'MX', 'DE', 'IN', 'CA'],
  },
  /** searchHtsCodes: these descriptions, as written (case and surrounding spaces aside). */
  searchHtsCodes: {
    queries: [
      'cotton t-shirt',
      'wool sweater',
      'running shoes',
      'laptop computer',
      'microwave oven',
      'smartphone',
      'toy building blocks',
    ],
  },
  /** quoteParcels: parcels from the first ZIP code to the second. */
  quoteParcels: {
    zipPairs: [
      ['10001', '90210'],
      ['60601', '33101'],
      ['98101', '02108'],
      ['30301', '75201'],
      ['94105', '10001'],
    ] as ReadonlyArray<readonly [string, string]>,
  },
  /** createTrackingSubscription: these container numbers, each at its own status (docs/tracking.md). */
  createTrackingSubscription: {
    containers: sandboxSamples.map((sample) => sample.containerNumber),
  },
} as const;

const digits = (value: unknown): string => String(value ?? '').replace(/\D/g, '');
const sampleHtsDigits = new Set(testModeSamples.calculateTariff.htsCodes.map(digits));
const sampleCountries = new Set<string>(testModeSamples.calculateTariff.countries);
const sampleQueries = new Set<string>(testModeSamples.searchHtsCodes.queries);
const sampleZipPairs = new Set(testModeSamples.quoteParcels.zipPairs.map(([from, to]) => `${from}>${to}`));

type Body = Record<string, unknown> | null | undefined;
const postalCodeOf = (address: unknown): string =>
  String((address as { postal_code?: unknown } | undefined)?.postal_code ?? '')
    .trim()
    .slice(0, 5);

/** Whether a test-mode call of this operation asks only for sample inputs. */
export function isTestModeSample(operationId: string, body: Body): boolean {
  if (!body) return false;
  switch (operationId) {
    case 'calculateTariff':
      return (
        sampleHtsDigits.has(digits(body.hts_code)) && sampleCountries.has(String(body.country_code ?? '').toUpperCase())
      );
    case 'searchHtsCodes':
      return sampleQueries.has(
        String(body.query ?? '')
          .trim()
          .toLowerCase(),
      );
    case 'quoteParcels':
      return sampleZipPairs.has(`${postalCodeOf(body.origin)}>${postalCodeOf(body.destination)}`);
    case 'createTrackingSubscription':
      return (
        body.reference_type === 'container' &&
        sandboxSample(normaliseContainerNumber(String(body.reference ?? ''))) !== undefined
      );
    default:
      return false;
  }
}
