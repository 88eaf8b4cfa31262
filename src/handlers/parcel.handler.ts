import type { components } from '../generated/api';
import type { operations } from '../generated/hosts/main';
import type { ParcelServices } from './services';
import type { OperationHandler } from '../http/operation';
import { HttpProblem } from '../http/problem';
import { toApiParcelQuote } from './outputs/parcel.output';
import { CarrierUnavailableError, ParcelQuoteValidationError, type QuoteRequest } from '../domain/parcel';

type QuoteBody = components['schemas']['ParcelQuoteRequest'];

/** The ship date defaults to the day the request arrived (UTC), written only when the body has none. */
function toQuoteRequest(body: QuoteBody, receivedAt: Date): QuoteRequest {
  return {
    origin: { postalCode: body.origin.postal_code },
    destination: { postalCode: body.destination.postal_code },
    parcels: body.parcels.map((p) => ({
      length: p.length,
      width: p.width,
      height: p.height,
      lengthUnit: p.length_unit,
      weight: p.weight,
      weightUnit: p.weight_unit,
    })),
    residential: body.residential ?? false,
    shipDate: body.ship_date ?? receivedAt.toISOString().slice(0, 10),
    carriers: body.carriers,
    services: body.services,
  };
}

/** `parcels[0].length` → `/body/parcels/0/length`. */
const pointerOf = (field: string): string => `/body/${field.replace(/\[(\d+)\]/g, '.$1').replace(/\./g, '/')}`;

function toProblem(error: unknown): unknown {
  if (error instanceof ParcelQuoteValidationError) {
    return new HttpProblem(
      'validation-failed',
      error.message,
      error.errors.map((e) => ({ pointer: pointerOf(e.field), message: e.message })),
    );
  }
  if (error instanceof CarrierUnavailableError) {
    return new HttpProblem('upstream-unavailable', `No source could rate this shipment. ${error.details.join('; ')}`);
  }
  return error;
}

/** Parcel Quotes on the main host. Test keys are rated from the cards only: they never reach a carrier. */
export function parcelQuoteHandler(parcel: ParcelServices): OperationHandler<operations['quoteParcels']> {
  return async ({ body, call }) => {
    if (!parcel.reference.isLoaded())
      throw new HttpProblem('not-ready', 'The parcel rate cards are still loading; retry shortly.', undefined, {
        'Retry-After': '5',
      });
    const testMode = call.caller.kind === 'account' && call.caller.mode === 'test';
    try {
      const result = await parcel.quotes.quote(toQuoteRequest(body, call.receivedAt), { testMode });
      return { status: 200, body: toApiParcelQuote(result) };
    } catch (error) {
      throw toProblem(error);
    }
  };
}
