import type { ParcelReferenceData } from './reference-data';

/** Where the rating engine's reference data comes from (the database, through the repositories). */
export interface ParcelReferenceSource {
  loadParcelReferenceData(): Promise<ParcelReferenceData>;
}
