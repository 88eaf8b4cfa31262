import path from 'node:path';
import { RatingIndex } from '../../src/domain/parcel/rating-index';
import type { ParcelInput, QuoteRequest, RatingShipment } from '../../src/domain/parcel/model';
import { serviceCodes } from '../../src/domain/parcel/carriers/registry';
import { validateQuoteRequest } from '../../src/domain/parcel/request-validation';
import { readParcelReferenceFiles } from '../../src/reference/parcel/import-parcel-reference';

/** Small excerpts of every parcel format (test/fixtures/parcel/data). */
export const parcelFixtureDir = path.join(__dirname, '..', 'fixtures', 'parcel', 'data');

export function fixtureIndex(): RatingIndex {
  return new RatingIndex(readParcelReferenceFiles(parcelFixtureDir));
}

export function box(
  length: number,
  width: number,
  height: number,
  weight: number,
  weightUnit: ParcelInput['weightUnit'] = 'lb',
): ParcelInput {
  return { length, width, height, lengthUnit: 'in', weight, weightUnit };
}

export function quoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    origin: { postalCode: '85004' },
    destination: { postalCode: '60606' },
    parcels: [box(10, 8, 6, 2)],
    residential: false,
    shipDate: '2026-03-10',
    ...overrides,
  };
}

/** The shipment the carrier fixtures describe: Phoenix → Chicago, one 12×10×8 in box of 5 lb, to a residence. */
export function sampleShipment(overrides: Partial<QuoteRequest> = {}): RatingShipment {
  return validateQuoteRequest(
    quoteRequest({
      destination: { postalCode: '60606' },
      parcels: [box(12, 10, 8, 5)],
      residential: true,
      shipDate: '2026-11-23',
      ...overrides,
    }),
    fixtureIndex(),
    serviceCodes,
  );
}
