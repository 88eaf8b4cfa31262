import type { ClassifiableLeaf, SearchIndex } from './search-index';

/**
 * A query that is an HTS number ("6109.10.0012", "6109100012", "HTS 6109.10", "heading 6109"):
 * its 4, 6, 8 or 10 digits, else null. A number among words is not one: it is read as a description.
 */
export function htsNumberInQuery(query: string): string | null {
  const match =
    /^\s*(?:(?:hts(?:us)?|heading|subheading)\s*(?:code|no\.?|number)?\s*[:#]?\s*)?(\d{4}(?:[.\s]?\d{2}){0,3})\s*$/i.exec(
      query,
    );
  return match ? match[1].replace(/\D/g, '') : null;
}

export type CodeLookup =
  | { found: true; exact: boolean; leaves: ClassifiableLeaf[] }
  | { found: false; reason: 'not_in_release' | 'not_a_classification' };

/**
 * The classifiable lines of the release an HTS number names: the line itself, or every line below a
 * heading or subheading in schedule order. A number the release does not have, or one of chapters
 * 98 and 99 (special provisions and additional duties, never the classification of goods), is not
 * found.
 */
export function lookUpHtsNumber(index: SearchIndex, digits: string): CodeLookup {
  // A heading published only with its 6-digit row ("2105.00") is still heading 2105.
  const leaves = (index.headings.get(digits.slice(0, 4))?.leaves ?? []).filter((leaf) => leaf.code.startsWith(digits));
  if (leaves.length > 0) return { found: true, exact: leaves.length === 1 && leaves[0].code === digits, leaves };
  const inRelease = [...index.codes].some((code) => code.startsWith(digits));
  return { found: false, reason: inRelease ? 'not_a_classification' : 'not_in_release' };
}
