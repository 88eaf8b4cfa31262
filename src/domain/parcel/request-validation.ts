import { isCalendarDate } from '../shared';
import { ParcelQuoteValidationError, type FieldError } from './errors';
import { carriers, type QuoteRequest, type RatingShipment } from './model';
import type { RatingIndex } from './rating-index';
import { toInches, toOunces } from './units';

/**
 * Checks what the OpenAPI schema cannot: that the ZIP codes exist (their three-digit prefix), that
 * the ship date is a day of the calendar (the validator checks the shape of a date only) and that the
 * service codes are among the loaded services. Everything else (ZIP forms, US only, 1–50 parcels of
 * positive sides, units and carriers) is the schema's, checked before the request gets here. Converts parcels to inches and ounces. Field paths in errors are those of
 * the request body, so the handler can answer 400 naming them.
 */
export function validateQuoteRequest(
  request: QuoteRequest,
  index: RatingIndex,
  serviceCodes: ReadonlySet<string>,
): RatingShipment {
  const errors: FieldError[] = [];
  const originZip = knownZip(request.origin.postalCode, 'origin', index, errors);
  const destinationZip = knownZip(request.destination.postalCode, 'destination', index, errors);
  if (!isCalendarDate(request.shipDate))
    errors.push({ field: 'ship_date', message: 'must be a calendar date YYYY-MM-DD' });
  (request.services ?? []).forEach((s, i) => {
    if (!serviceCodes.has(s)) errors.push({ field: `services[${i}]`, message: `unknown service code "${s}"` });
  });
  if (errors.length > 0) throw new ParcelQuoteValidationError(errors);
  return {
    originZip,
    destinationZip,
    parcels: request.parcels.map((p, i) => ({
      index: i,
      dimensionsIn: [p.length, p.width, p.height].map((v) => toInches(v, p.lengthUnit)).sort((a, b) => b - a) as [
        number,
        number,
        number,
      ],
      weightOz: toOunces(p.weight, p.weightUnit),
    })),
    residential: request.residential,
    shipDate: request.shipDate,
    carriers: request.carriers && request.carriers.length > 0 ? request.carriers : [...carriers],
    services: request.services && request.services.length > 0 ? request.services : null,
  };
}

/** The five-digit ZIP of a ZIP or ZIP+4 code, when its three-digit prefix exists. */
function knownZip(postalCode: string, field: string, index: RatingIndex, errors: FieldError[]): string {
  const zip = postalCode.slice(0, 5);
  if (!index.isKnownZip3(zip.slice(0, 3)))
    errors.push({ field: `${field}.postal_code`, message: `${zip} is not a US ZIP code (no such three-digit prefix)` });
  return zip;
}
