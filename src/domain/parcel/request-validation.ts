import { ParcelQuoteValidationError, type FieldError } from './errors';
import { carriers, type Carrier, type LengthUnit, type QuoteRequest, type RatingShipment, type WeightUnit } from './model';
import type { RatingIndex } from './rating-index';
import { toInches, toOunces } from './units';

const zipPattern = /^(\d{5})(?:-\d{4})?$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const weightUnits: WeightUnit[] = ['lb', 'oz', 'kg', 'g'];
const lengthUnits: LengthUnit[] = ['in', 'cm', 'mm'];
export const maxParcelsPerQuote = 50;

/**
 * Checks what the OpenAPI schema cannot (US-only ZIP codes that exist, a real calendar date, known
 * service codes) and converts parcels to inches and ounces. Field paths in errors are those of the
 * request body, so the handler can answer 400 naming them.
 */
export function validateQuoteRequest(request: QuoteRequest, index: RatingIndex, serviceCodes: ReadonlySet<string>): RatingShipment {
  const errors: FieldError[] = [];
  const originZip = usZip(request.origin, 'origin', index, errors);
  const destinationZip = usZip(request.destination, 'destination', index, errors);

  if (!datePattern.test(request.shipDate) || Number.isNaN(Date.parse(`${request.shipDate}T00:00:00Z`)) || new Date(`${request.shipDate}T00:00:00Z`).toISOString().slice(0, 10) !== request.shipDate) {
    errors.push({ field: 'ship_date', message: 'must be a calendar date YYYY-MM-DD' });
  }

  if (request.parcels.length === 0 || request.parcels.length > maxParcelsPerQuote) {
    errors.push({ field: 'parcels', message: `must list between 1 and ${maxParcelsPerQuote} parcels` });
  }
  const parcels = request.parcels.map((p, i) => {
    const field = `parcels[${i}]`;
    for (const side of ['length', 'width', 'height', 'weight'] as const) {
      if (!(Number.isFinite(p[side]) && p[side] > 0)) errors.push({ field: `${field}.${side}`, message: 'must be a number greater than 0' });
    }
    if (!lengthUnits.includes(p.lengthUnit)) errors.push({ field: `${field}.length_unit`, message: `must be one of ${lengthUnits.join(', ')}` });
    if (!weightUnits.includes(p.weightUnit)) errors.push({ field: `${field}.weight_unit`, message: `must be one of ${weightUnits.join(', ')}` });
    return {
      index: i,
      dimensionsIn: [p.length, p.width, p.height].map((v) => toInches(v, p.lengthUnit)).sort((a, b) => b - a) as [number, number, number],
      weightOz: toOunces(p.weight, p.weightUnit),
    };
  });

  const requestedCarriers = request.carriers && request.carriers.length > 0 ? request.carriers : [...carriers];
  requestedCarriers.forEach((c, i) => {
    if (!(carriers as readonly string[]).includes(c)) errors.push({ field: `carriers[${i}]`, message: `must be one of ${carriers.join(', ')}` });
  });
  (request.services ?? []).forEach((s, i) => {
    if (!serviceCodes.has(s)) errors.push({ field: `services[${i}]`, message: `unknown service code "${s}"` });
  });

  if (errors.length > 0) throw new ParcelQuoteValidationError(errors);
  return {
    originZip: originZip as string,
    destinationZip: destinationZip as string,
    parcels,
    residential: request.residential,
    shipDate: request.shipDate,
    carriers: [...new Set(requestedCarriers)] as Carrier[],
    services: request.services && request.services.length > 0 ? request.services : null,
  };
}

function usZip(address: { postalCode: string; country?: string }, field: string, index: RatingIndex, errors: FieldError[]): string | null {
  if (address.country !== undefined && address.country.toUpperCase() !== 'US') {
    errors.push({ field: `${field}.country`, message: 'only US domestic quotes are supported (country must be US)' });
    return null;
  }
  const match = zipPattern.exec(address.postalCode.trim());
  if (!match) {
    errors.push({ field: `${field}.postal_code`, message: 'must be a US ZIP code: 5 digits, or ZIP+4 as 12345-6789' });
    return null;
  }
  if (!index.isKnownZip3(match[1].slice(0, 3))) {
    errors.push({ field: `${field}.postal_code`, message: `${match[1]} is not a US ZIP code (no such three-digit prefix)` });
    return null;
  }
  return match[1];
}
