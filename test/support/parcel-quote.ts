import { ParcelQuoteService } from '../../src/domain/parcel/quote.service';
import { ParcelReferenceStore } from '../../src/domain/parcel/reference-store';
import type { LiveRatingGateway } from '../../src/domain/parcel/carriers/live-rating-gateway';
import type { QuoteResult, ServiceQuote } from '../../src/domain/parcel/model';
import type { ParcelReferenceData } from '../../src/domain/parcel/reference-data';
import { readParcelReferenceFiles } from '../../src/reference/parcel/import-parcel-reference';
import { parcelFixtureDir } from './parcel-reference';

/** A quote service over reference data read straight from files (no database). */
export async function quoteServiceFor(
  data: ParcelReferenceData = readParcelReferenceFiles(parcelFixtureDir),
  live?: LiveRatingGateway,
): Promise<ParcelQuoteService> {
  const store = new ParcelReferenceStore({ loadParcelReferenceData: async () => data });
  await store.refresh();
  return new ParcelQuoteService({ reference: store, live });
}

export function quoteFor(result: QuoteResult, service: string): ServiceQuote {
  const quote = result.quotes.find((q) => q.service === service);
  if (!quote) throw new Error(`no quote for ${service} in ${result.quotes.map((q) => q.service).join(', ')}`);
  return quote;
}

export const breakdownOf = (quote: ServiceQuote) => Object.fromEntries(quote.breakdown.map((l) => [l.name, l.cents]));
