import type { TariffRulesRepository } from '../db/repositories/tariff-rules.repository';
import type { HtsSearchPool } from '../domain/classify';
import type { HtsDatabase, HtsReleaseSource } from '../domain/hts';
import type { ReleaseLineSource, ActiveTariffRules, StoredCalculationStore } from '../domain/tariff';
import type { Carrier, ParcelQuoteService, ParcelReferenceStore } from '../domain/parcel';
import type { TrackingCreditService, TrackingSubscriptionService } from '../domain/tracking';

/*
 * The long-lived parts of each capability that the handlers are given. The handlers declare them and
 * src/hosts builds them, so that imports point down (hosts → handlers), never up.
 */

/** The tariff capability's long-lived parts: HTS releases, the duty rules in memory, their sources. */
export interface TariffServices {
  hts: HtsDatabase;
  lines: ReleaseLineSource;
  rules: ActiveTariffRules;
  rulesRepository: TariffRulesRepository;
  htsSource: HtsReleaseSource;
  /** AI search on worker threads (its scoring would hold the event loop). */
  searchPool: HtsSearchPool;
  /** Calculations accounts asked to keep. */
  calculations: StoredCalculationStore;
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
