import { CarrierCardRating, unavailableQuote } from './card-rating';
import type { LiveRatingGateway } from './carriers/live-rating-gateway';
import { carrierRegistry, serviceCodes, type CarrierModule } from './carriers/registry';
import { CarrierUnavailableError } from './errors';
import {
  carrierLabels,
  type Carrier,
  type CarrierMessage,
  type QuoteRequest,
  type QuoteResult,
  type RatingShipment,
  type ServiceQuote,
} from './model';
import { rankQuotes } from './quote-ranking';
import type { ParcelReferenceStore } from './reference-store';
import { validateQuoteRequest } from './request-validation';
import type { ServiceDefinition } from './service-definition';

export interface QuoteOptions {
  /** Test-mode keys never reach live carriers: cards only. */
  testMode: boolean;
}

/** Unavailability that means the cards could not answer at all (as opposed to a parcel a service cannot take). */
const cardGaps = new Set(['no_rate_card', 'no_zone', 'price_missing']);

interface CarrierAnswer {
  quotes: ServiceQuote[];
  messages: CarrierMessage[];
  liveFailed: string | null;
}

/**
 * Parcel Quotes: validates the shipment, rates every requested carrier service from the cards, asks
 * the live APIs of configured carriers (not in test mode) and prefers their answer, falls back to
 * the cards when a live call fails, and ranks the result. Throws CarrierUnavailableError only when
 * a live carrier failed and no carrier could answer from any source.
 */
export class ParcelQuoteService {
  constructor(
    private readonly deps: {
      reference: ParcelReferenceStore;
      live?: LiveRatingGateway;
    },
  ) {}

  async quote(request: QuoteRequest, options: QuoteOptions): Promise<QuoteResult> {
    const index = this.deps.reference.current();
    const shipment = validateQuoteRequest(request, index, serviceCodes);
    // The cards answer synchronously; only carriers with a live API to ask are waited for.
    const answers = shipment.carriers.map((carrier) => {
      const module = carrierRegistry[carrier];
      const { offered, notOffered } = selectServices(module, shipment);
      const rating = new CarrierCardRating(index, shipment, carrier, module.rules);
      const cardQuotes = offered.map((service) => rating.rate(service));
      const answer: CarrierAnswer = { quotes: cardQuotes, messages: [], liveFailed: null };
      return { carrier, offered, notOffered, answer };
    });
    const live = answers.filter((a) => this.asksLive(a.carrier, options));
    if (live.length > 0) {
      await Promise.all(
        live.map(async (a) => {
          a.answer = await this.preferLive(a.carrier, shipment, a.offered, a.answer.quotes);
        }),
      );
    }

    const answered = answers.filter(
      (a) =>
        a.notOffered.length > 0 || a.answer.quotes.some((q) => q.available || !cardGaps.has(q.unavailable?.code ?? '')),
    );
    const failed = answers.filter((a) => a.answer.liveFailed !== null);
    if (answered.length === 0 && failed.length > 0) {
      throw new CarrierUnavailableError(
        failed.map((a) => a.carrier),
        failed.map((a) => a.answer.liveFailed as string),
      );
    }
    const quotes: ServiceQuote[] = [];
    const messages: CarrierMessage[] = [];
    for (const { answer, notOffered } of answers) {
      quotes.push(...answer.quotes, ...notOffered);
      messages.push(...answer.messages);
    }
    return { shipDate: shipment.shipDate, quotes: rankQuotes(quotes), messages };
  }

  private asksLive(carrier: Carrier, options: QuoteOptions): boolean {
    return !options.testMode && (this.deps.live?.has(carrier) ?? false);
  }

  private async preferLive(
    carrier: Carrier,
    shipment: RatingShipment,
    offered: ServiceDefinition[],
    cardQuotes: ServiceQuote[],
  ): Promise<CarrierAnswer> {
    const live = this.deps.live as LiveRatingGateway;

    // Parcels over a service's limits are answered locally; the carrier is asked about the rest.
    const overLimits = cardQuotes.filter((q) => q.unavailable?.code === 'exceeds_limits');
    const askable = offered.filter((s) => !overLimits.some((q) => q.service === s.code));
    if (askable.length === 0) return { quotes: cardQuotes, messages: [], liveFailed: null };

    const outcome = await live.rate(carrier, shipment, askable);
    if (outcome.ok && outcome.result.quotes.length > 0) {
      return { quotes: [...outcome.result.quotes, ...overLimits], messages: outcome.result.messages, liveFailed: null };
    }
    const message: CarrierMessage = outcome.ok
      ? {
          carrier,
          code: 'live_no_rates',
          message: `${carrierLabels[carrier]} returned no rates; quoted from rate cards.`,
        }
      : { carrier, code: outcome.code, message: `${outcome.message}; quoted from rate cards.` };
    const fallbackWarning = { code: 'live_rating_unavailable', message: message.message };
    return {
      quotes: cardQuotes.map((q) => (q.available ? { ...q, warnings: [...q.warnings, fallbackWarning] } : q)),
      messages: [...(outcome.ok ? outcome.result.messages : []), message],
      liveFailed: outcome.ok ? null : outcome.message,
    };
  }
}

/**
 * The carrier's services for this shipment: those requested (all by default) that serve the address
 * type. FedEx Ground serves businesses and Home Delivery residences; only one is offered unless the
 * caller asked for the other by name, which is then listed as not offered.
 */
function selectServices(
  module: CarrierModule,
  shipment: RatingShipment,
): { offered: ServiceDefinition[]; notOffered: ServiceQuote[] } {
  const requested = module.services.filter((s) => shipment.services === null || shipment.services.includes(s.code));
  const addressType = shipment.residential ? 'residential' : 'commercial';
  const fits = (s: ServiceDefinition) => s.addressType === 'any' || s.addressType === addressType;
  return {
    offered: requested.filter(fits),
    notOffered: requested
      .filter((s) => !fits(s) && shipment.services !== null)
      .map((s) =>
        unavailableQuote(s, { code: 'not_offered', message: `${s.name} serves ${s.addressType} addresses only.` }),
      ),
  };
}
