import type { HtsSearchIndexCache } from '../domain/classify/search-index-cache';
import type { Lexicon } from '../domain/classify/lexicon';
import type { CandidateReranker } from '../domain/classify/llm-reranker';
import type { HtsDatabase, HtsReleaseSource } from '../domain/hts/hts-ports';
import type { ReleaseLineSource } from '../domain/tariff/release-line-source';
import type { TariffRuleBook } from '../domain/tariff/rules/tariff-rule-book';
import type { Carrier } from '../domain/parcel/model';
import type { ParcelQuoteService } from '../domain/parcel/quote.service';
import type { ParcelReferenceStore } from '../domain/parcel/reference-store';
import type { TrackingCreditService } from '../domain/tracking/credit.service';
import type { TrackingSubscriptionService } from '../domain/tracking/subscription.service';
import type { HtsReleaseRepository } from '../db/repositories/hts-release.repository';
import type { TariffRulesRepository } from '../db/repositories/tariff-rules.repository';

/*
 * The long-lived parts of each capability that the handlers are given. The handlers declare them and
 * src/hosts builds them, so that imports point down (hosts → handlers), never up.
 */

/** The tariff capability's long-lived parts: HTS releases, the duty rules in memory, their sources. */
export interface TariffServices {
  hts: HtsDatabase;
  lines: ReleaseLineSource;
  rules: TariffRuleBook;
  rulesRepository: TariffRulesRepository;
  htsSource: HtsReleaseSource;
  search: { store: HtsReleaseRepository; indexes: HtsSearchIndexCache; lexicon: Lexicon; reranker: CandidateReranker | null };
}

/** Parcel Quotes' long-lived parts: the rating index in memory, and the quote service over it. */
export interface ParcelServices {
  reference: ParcelReferenceStore;
  quotes: ParcelQuoteService;
  /** Carriers rated live (their credentials are configured); the others answer from the cards only. */
  liveCarriers: Carrier[];
}

/** What the tracking handlers use of the tracking capability (src/hosts/tracking-services builds more). */
export interface TrackingAccountServices {
  subscriptions: TrackingSubscriptionService;
  credits: TrackingCreditService;
}
