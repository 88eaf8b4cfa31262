import type { components } from '../../generated/api';

type Citation = components['schemas']['DutyStackComponent']['citations'][number];

const search = (base: string, term: string): string => `${base}${encodeURIComponent(term)}`;
const federalRegister = 'https://www.federalregister.gov/documents/search?conditions%5Bterm%5D=';

/**
 * Where a citation can be read at its official source: the section itself when its reference
 * names one (19 CFR 10.151, 19 U.S.C. 1321), else a search there for the reference (a heading of
 * the HTS, a proclamation's number). Null for what has no public search (court decisions).
 */
export function citationHref({ type, ref }: Citation): string | null {
  switch (type) {
    case 'hts':
    case 'usitc': {
      const heading = /\b\d{4}\.\d{2}\.\d{2}\b/.exec(ref);
      return search('https://hts.usitc.gov/search?query=', heading ? heading[0] : ref);
    }
    case 'cfr': {
      const section = /\b(\d+) CFR (\d+\.\d+)/.exec(ref);
      return section
        ? `https://www.ecfr.gov/current/title-${section[1]}/section-${section[2]}`
        : search('https://www.ecfr.gov/search?search%5Bquery%5D=', ref);
    }
    case 'statute': {
      const section = /\b(\d+) U\.S\.C\. (\d+[a-z]?)/.exec(ref);
      return section
        ? `https://www.law.cornell.edu/uscode/text/${section[1]}/${section[2]}`
        : search(federalRegister, ref);
    }
    case 'csms':
      return search('https://www.cbp.gov/search?keys=', ref);
    case 'proclamation':
    case 'executive_order':
    case 'federal_register':
      return search(federalRegister, ref);
    default:
      return null;
  }
}
