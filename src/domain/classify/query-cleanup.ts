import { countries } from 'countries-list';

/**
 * Wording of a query that never decides a classification and only misleads a lexical search:
 * where the goods come from ("from Sri Lanka", "made in China", "of Chinese origin"), whose
 * brand they carry ("imported under the NIKE trademark", "Brand ZHENGLONG") and how they are
 * packed for sale ("25kg/Case", "1–2kg per fish", "vacuum packed 10kg carton"), and a chemical's
 * registry number ("CAS # 99-88-7"). The product words stay; "china" as
 * porcelain or "jersey" as a fabric stay, because a country is only removed after a word
 * that introduces an origin.
 */
/** Places of origin the country list does not name as countries. */
const otherPlaces = [
  'England',
  'Scotland',
  'Wales',
  'Northern Ireland',
  'Great Britain',
  'Britain',
  'Europe',
  'European Union',
  'EU',
  'Asia',
  'Africa',
  'USA',
  'U.S.A.',
  'Hong Kong',
  'Macau',
  'Taiwan',
];

const countryNames = [
  ...Object.values(countries).flatMap((country) => [country.name, ...((country as { alias?: string[] }).alias ?? [])]),
  ...otherPlaces,
]
  .map((name) => name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  .sort((a, b) => b.length - a.length);

const originPhrase = new RegExp(
  `\\b(?:(?:made|produced|manufactured|grown|harvested|assembled|imported|originating|shipped|sourced)\\s+(?:in|from)|from|origin:?)\\s+(?:the\\s+)?(?:${countryNames.join('|')})\\b(?:\\s+origin\\b)?`,
  'g',
);
const countryOfOrigin = new RegExp(`\\b(?:${countryNames.join('|')})\\s+origin\\b`, 'g');
const otherOrigin = /\b(?:of\s+)?(?:unspecified|unknown|various|domestic|foreign)\s+origin\b|\bcountry of origin\b/g;
const brand =
  /\b(?:imported\s+)?under\s+the\s+[\w&'-]+(?:\s+[\w&'-]+)?\s+(?:trademark|brand|label|name)\b|\bbrand\s*:?\s+[a-z][\w&'-]*|\b(?:non-?|un)?branded\b/g;
const registryNumber = /\bcas\b\s*(?:#|no\b\.?|number|rn)?\s*:?\s*(?:\d{2,7}-\d{2}-\d\b)?/g;
// A weight per square metre ("180 g/m2") is a fabric's weight, not a packing unit.
const packing =
  /\b\d[\d.,]*\s*(?:-|–|to)?\s*\d*[\d.,]*\s*(?:kg|g|lbs?|oz|ml|l|pcs|pieces)\b\s*(?:\/|per)\s*(?!m2\b)[a-z]+/g;

/**
 * How the goods are packed ("vacuum packed", "10kg carton", "bagged"), not what they are. Not
 * "packaging", which names goods ("packaging machine", "packaging film"); whether goods are put up
 * for retail sale ("non-retail") stays too, as the schedule asks it.
 */
const packedIn =
  /\b(?:vacuum[- ])?(?:packed|packaged|bagged|boxed)\b|\b\d[\d.,]*\s*(?:kg|g|lbs?|oz|ml|l)\s*(?:cartons?|bags?|boxes|drums?|cases?|bottles?|cans?|sacks?)\b/g;

/** The query, lower-cased and folded, without its origin, brand, packing and registry-number wording. */
export function withoutIncidentals(folded: string): string {
  return folded
    .replace(originPhrase, ' ')
    .replace(countryOfOrigin, ' ')
    .replace(otherOrigin, ' ')
    .replace(brand, ' ')
    .replace(packing, ' ')
    .replace(packedIn, ' ')
    .replace(registryNumber, ' ');
}
