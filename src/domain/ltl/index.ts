/** The ltl capability's public surface: code outside src/domain/ltl imports it from here. */
export { LtlQuoteService, type LtlQuoteStore } from './ltl-quote.service';
export type { LtlPallet, LtlQuoteRequest, LtlQuoteRequestStatus } from './model';
