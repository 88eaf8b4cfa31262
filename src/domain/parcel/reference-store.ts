import type { ParcelReferenceSource } from './ports';
import { RatingIndex } from './rating-index';

export const emptyReferenceData = {
  rateCards: [],
  surchargeTables: [],
  fuelRates: [],
  zoneCharts: [],
  zoneMatrices: [],
  deliveryAreaLists: [],
};

/**
 * Holds the compiled rating index. `refresh()` loads everything from the source once (at start-up
 * and after an import) and swaps the new index in whole; quotes read `current()` and never query.
 */
export class ParcelReferenceStore {
  private index = new RatingIndex(emptyReferenceData);
  private loaded = false;

  constructor(private readonly source: ParcelReferenceSource) {}

  async refresh(): Promise<RatingIndex> {
    const data = await this.source.loadParcelReferenceData();
    this.index = new RatingIndex(data);
    this.loaded = data.rateCards.length > 0;
    return this.index;
  }

  current(): RatingIndex {
    return this.index;
  }

  /** True once a refresh found rate cards: before that, quotes cannot be answered (not ready). */
  isLoaded(): boolean {
    return this.loaded;
  }
}
