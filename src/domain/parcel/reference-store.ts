import type { ParcelReferenceSource } from './ports';
import { RatingIndex } from './rating-index';

export const emptyReferenceData = { rateCards: [], surchargeTables: [], fuelRates: [], zoneCharts: [], deliveryAreaLists: [] };

/**
 * Holds the compiled rating index. `refresh()` loads everything from the source once (at start-up
 * and after an import) and swaps the new index in whole; quotes read `current()` and never query.
 */
export class ParcelReferenceStore {
  private index = new RatingIndex(emptyReferenceData);

  constructor(private readonly source: ParcelReferenceSource) {}

  async refresh(): Promise<RatingIndex> {
    this.index = new RatingIndex(await this.source.loadParcelReferenceData());
    return this.index;
  }

  current(): RatingIndex {
    return this.index;
  }
}
