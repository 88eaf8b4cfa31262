import { ParcelQuoteValidationError } from '../../../../src/domain/parcel/errors';
import type { QuoteRequest } from '../../../../src/domain/parcel/model';
import { serviceCodes } from '../../../../src/domain/parcel/carriers/registry';
import { validateQuoteRequest } from '../../../../src/domain/parcel/request-validation';
import { fixtureIndex, quoteRequest } from '../../../support/parcel-reference';

const index = fixtureIndex();

function fieldErrors(request: QuoteRequest) {
  try {
    validateQuoteRequest(request, index, serviceCodes);
  } catch (error) {
    if (error instanceof ParcelQuoteValidationError) return error.errors;
    throw error;
  }
  return [];
}

describe('quote request validation', () => {
  it('accepts US ZIP and ZIP+4 codes and normalises parcels to inches and ounces, longest side first', () => {
    const shipment = validateQuoteRequest(
      quoteRequest({
        origin: { postalCode: '85004-1234' },
        parcels: [{ length: 20, width: 50, height: 10, lengthUnit: 'cm', weight: 2, weightUnit: 'kg' }],
      }),
      index,
      serviceCodes,
    );
    expect(shipment.originZip).toBe('85004');
    expect(shipment.parcels[0].dimensionsIn.map((d) => Math.round(d * 100) / 100)).toEqual([19.69, 7.87, 3.94]);
    expect(Math.round(shipment.parcels[0].weightOz * 100) / 100).toBe(70.55);
    expect(shipment.carriers).toEqual(['usps', 'ups', 'fedex']);
  });

  it("names the ZIP codes that do not exist and the services not loaded; the rest is the schema's", () => {
    const errors = fieldErrors(
      quoteRequest({
        origin: { postalCode: '00012' },
        destination: { postalCode: '00013-1234' },
        shipDate: '2026-02-30',
        services: ['ups_teleport'],
      }),
    );
    expect(errors.map((e) => e.field)).toEqual([
      'origin.postal_code',
      'destination.postal_code',
      'ship_date',
      'services[0]',
    ]);
    expect(errors[1].message).toBe('00013 is not a US ZIP code (no such three-digit prefix)');
  });
});
