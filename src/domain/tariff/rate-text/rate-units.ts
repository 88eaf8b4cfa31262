import Decimal from 'decimal.js';
import { quantityUnitCodes } from './unit-codes';

/**
 * Units of quantity in rate texts and in requests. A unit belongs to a dimension; units of one
 * dimension convert exactly into each other (factors are exact by definition: 1 lb = 0.45359237 kg,
 * 1 bbl = 42 US gal = 158.987294928 l). Units whose measure depends on the goods (proof liters, clean
 * kg, jewels) are dimensions of their own: they never convert from anything else.
 */
interface UnitDefinition {
  canonical: string;
  dimension: string;
  /** Size of one unit in the dimension's base unit. */
  factor: string;
}

const definitions: Array<[aliases: string[], canonical: string, dimension: string, factor: string]> = [
  [['kg', 'kilogram', 'kilograms'], 'kg', 'mass', '1'],
  [['g', 'gram', 'grams'], 'g', 'mass', '0.001'],
  [['t', 'ton', 'tonne', 'metric ton'], 't', 'mass', '1000'],
  [['lb', 'lbs', 'pound', 'pounds'], 'lb', 'mass', '0.45359237'],
  [['liter', 'liters', 'l', 'litre', 'litres'], 'liter', 'volume', '1'],
  [['m3', 'm³', 'cubic meter', 'cubic meters'], 'm3', 'volume', '1000'],
  [['bbl', 'barrel', 'barrels'], 'bbl', 'volume', '158.987294928'],
  [['gal', 'gallon', 'gallons'], 'gal', 'volume', '3.785411784'],
  [
    ['no.', 'no', 'each', 'pcs', 'pcs.', 'piece', 'pieces', 'head', 'article', 'articles', 'unit', 'units'],
    'No.',
    'count',
    '1',
  ],
  [['doz.', 'doz', 'dozen'], 'doz.', 'count', '12'],
  [['dz pcs', 'dz. pcs.', 'doz. pcs.', 'doz pcs', 'dozen pieces'], 'doz. pcs.', 'count', '12'],
  [['gross'], 'gross', 'count', '144'],
  [['hundreds', 'hundred'], 'hundred', 'count', '100'],
  [['thousand', 'thousands'], 'thousand', 'count', '1000'],
  [['pr.', 'prs.', 'pr', 'prs', 'pair', 'pairs'], 'pr.', 'pairs', '1'],
  [['doz. pr.', 'doz. prs.', 'doz.prs.', 'doz pr', 'doz prs', 'dozen pairs'], 'doz. pr.', 'pairs', '12'],
  [['m', 'lin. m', 'lin.m', 'meter', 'meters', 'linear meter'], 'm', 'length', '1'],
  [['m2', 'm²', 'square meter', 'square meters'], 'm2', 'area', '1'],
  [['cm2', 'cm²'], 'cm2', 'area', '0.0001'],
  [
    ['pf. liter', 'pf.liter', 'pf. liters', 'pf.liters', 'proof liter', 'proof liters'],
    'pf.liter',
    'proof_volume',
    '1',
  ],
  [['clean kg', 'kg clean'], 'clean kg', 'clean_mass', '1'],
  [['jewel', 'jewels', 'jwls.'], 'jewel', 'jewels', '1'],
  [['pack', 'packs'], 'pack', 'packs', '1'],
  [['carat', 'carats'], 'carat', 'carats', '1'],
];

const byAlias = new Map<string, UnitDefinition>();
function key(unit: string): string {
  return unit.trim().toLowerCase().replace(/\s+/g, ' ');
}

for (const [aliases, canonical, dimension, factor] of definitions) {
  for (const alias of aliases) byAlias.set(alias, { canonical, dimension, factor });
}
// The trade-data codes (KG, DPR, NO…) are further spellings of the schedule's units; a code that
// named another unit than a spelling already known would be a data error, refused at load.
for (const [code, scheduleUnit] of quantityUnitCodes) {
  const unit = byAlias.get(key(scheduleUnit));
  const known = byAlias.get(key(code));
  if (!unit || (known && known.canonical !== unit.canonical))
    throw new Error(`unit code ${code}: "${scheduleUnit}" is not a unit of the table, or the code names another unit`);
  byAlias.set(key(code), unit);
}

/** The canonical spelling of a unit, or null when the unit is not known. */
export function canonicalUnit(unit: string): string | null {
  return byAlias.get(key(unit))?.canonical ?? null;
}

/**
 * Converts a quantity into `target` units. Null when the units are unknown or of different
 * dimensions (kg cannot become liters without a density), so the caller reports it unresolved.
 */
export function convertQuantity(value: Decimal, from: string, target: string): Decimal | null {
  const source = byAlias.get(key(from));
  const wanted = byAlias.get(key(target));
  if (!source || !wanted || source.dimension !== wanted.dimension) return null;
  return value.times(source.factor).dividedBy(wanted.factor);
}
