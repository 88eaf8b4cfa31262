import type { Database } from '../knex';
import { ParcelDeliveryAreaRepository } from './parcel-delivery-area.repository';
import { ParcelFuelSurchargeRepository } from './parcel-fuel-surcharge.repository';
import { ParcelRateCardRepository } from './parcel-rate-card.repository';
import { ParcelSurchargeRepository } from './parcel-surcharge.repository';
import { ParcelZoneChartRepository } from './parcel-zone-chart.repository';
import { ParcelZoneMatrixRepository } from './parcel-zone-matrix.repository';
import type { ParcelReferenceData, ParcelReferenceSource } from '../../domain/parcel';

/** Loads all parcel reference data from the database for the in-memory rating index. */
export class DatabaseParcelReferenceSource implements ParcelReferenceSource {
  constructor(private readonly db: Database) {}

  async loadParcelReferenceData(): Promise<ParcelReferenceData> {
    const [rateCards, surchargeTables, fuelRates, zoneCharts, zoneMatrices, deliveryAreaLists] = await Promise.all([
      new ParcelRateCardRepository(this.db).listCardVersions(),
      new ParcelSurchargeRepository(this.db).listSurchargeTables(),
      new ParcelFuelSurchargeRepository(this.db).listFuelRates(),
      new ParcelZoneChartRepository(this.db).listZoneCharts(),
      new ParcelZoneMatrixRepository(this.db).listZoneMatrices(),
      new ParcelDeliveryAreaRepository(this.db).listDeliveryAreaLists(),
    ]);
    return { rateCards, surchargeTables, fuelRates, zoneCharts, zoneMatrices, deliveryAreaLists };
  }
}
