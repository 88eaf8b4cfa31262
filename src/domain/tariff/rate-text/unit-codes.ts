/**
 * Units of quantity as importers write them on an entry: the unit-of-quantity codes of U.S. trade
 * data and ACE (USITC, Tariff Database Code Key, part D "Quantity codes"), each with the schedule's
 * own spelling of the same unit (the `units` of an HTS line). Only codes whose unit is exactly a
 * schedule unit are here; docs/tariff-data.md lists them with their source and the codes left out
 * and why (content units such as CKG, CYK or GKG measure part of the goods).
 *
 * Data, not logic: rate-units.ts reads each code as another spelling of its schedule unit.
 */
export const quantityUnitCodes: ReadonlyArray<readonly [code: string, scheduleUnit: string]> = [
  ['KG', 'kg'],
  ['G', 'g'],
  ['GM', 'g'],
  ['T', 't'],
  ['L', 'liters'],
  ['LTR', 'liters'],
  ['M3', 'm3'],
  ['BBL', 'bbl'],
  ['PFL', 'pf.liters'],
  ['NO', 'No.'],
  ['PCS', 'pcs'],
  ['DOZ', 'doz.'],
  ['DPC', 'Dz Pcs'],
  ['GR', 'gross'],
  ['GRS', 'gross'],
  ['HUN', 'hundreds'],
  ['HND', 'hundreds'],
  ['THS', 'thousands'],
  ['PRS', 'prs.'],
  ['DPR', 'doz. prs.'],
  ['M', 'm'],
  ['LNM', 'lin. m'],
  ['M2', 'm2'],
  ['SQM', 'm2'],
  ['CM2', 'cm2'],
  ['CAR', 'carat'],
  ['JWL', 'Jwls.'],
  ['PK', 'pack'],
];
