import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import type { CountryGroupsFile, CountryScope } from '../rules/rule-schema';

export interface Country {
  code: string;
  name: string;
  flag: string;
}

const isoCodes = countries as Record<string, { name: string; alias?: string[] }>;

const byCode = new Map<string, Country>(
  Object.entries(isoCodes).map(([code, entry]) => [
    code,
    Object.freeze({ code, name: entry.name, flag: getEmojiFlag(code as TCountryCode) }),
  ]),
);

/** ISO 3166-1 alpha-2 country with its English short name and flag emoji; null when not a code. */
export function countryByCode(code: string): Country | null {
  return byCode.get(code.toUpperCase()) ?? null;
}

const byName = [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));

/** Every ISO 3166-1 alpha-2 country, by English name (a form's list of origins). */
export const allCountries = (): readonly Country[] => byName;

/** The ISO code for an English country name or alias (as written by data sources), or null. */
export function countryCodeForName(name: string): string | null {
  const wanted = name.trim().toLowerCase();
  for (const [code, entry] of Object.entries(isoCodes)) {
    if (entry.name.toLowerCase() === wanted || (entry.alias ?? []).some((alias) => alias.toLowerCase() === wanted))
      return code;
  }
  return null;
}

/** When a country is a member of a group: always, or within any of these windows (to exclusive). */
type Membership = true | Array<{ from?: string; to?: string }>;

/** Country groups with dated membership (EU, general note 3(b), …), read from the rule set. */
export class CountryGroups {
  /**
   * Each group's members by country code, under its reference (`@EU`): every measure, exemption
   * and base-rate choice of every calculation asks, so a lookup replaces a scan of up to a hundred
   * members, and a reference needs no slicing.
   */
  private readonly byReference = new Map<string, Map<string, Membership>>();

  constructor(groups: CountryGroupsFile['groups']) {
    for (const [name, definition] of Object.entries(groups)) {
      const members = new Map<string, Membership>();
      for (const member of definition.members) {
        const code = typeof member === 'string' ? member : member.code;
        const known = members.get(code);
        if (known === true) continue;
        if (typeof member === 'string' || (member.from === undefined && member.to === undefined))
          members.set(code, true);
        else if (known) known.push({ from: member.from, to: member.to });
        else members.set(code, [{ from: member.from, to: member.to }]);
      }
      this.byReference.set(`@${name}`, members);
    }
  }

  private membersOf(reference: string): Map<string, Membership> {
    const members = this.byReference.get(reference);
    if (!members) throw new Error(`unknown country group ${reference.slice(1)}`);
    return members;
  }

  private inGroup(members: Map<string, Membership>, country: string, date: string): boolean {
    const membership = members.get(country);
    if (membership === undefined) return false;
    if (membership === true) return true;
    for (const window of membership)
      if ((window.from === undefined || date >= window.from) && (window.to === undefined || date < window.to))
        return true;
    return false;
  }

  /** Every country a reference (`CN` or `@EU`) covers at some date. */
  everCovered(ref: string): string[] {
    return ref.startsWith('@') ? [...this.membersOf(ref).keys()] : [ref];
  }

  /** Whether a country reference (`CN` or `@EU`) covers the country on the date. */
  covers(ref: string, country: string, date: string): boolean {
    return ref.startsWith('@') ? this.inGroup(this.membersOf(ref), country, date) : ref === country;
  }

  /** Include (all countries when absent) minus exclude. */
  inScope(scope: CountryScope | undefined, country: string, date: string): boolean {
    if (!scope) return true;
    if (scope.include && !this.coversAny(scope.include, country, date)) return false;
    return !scope.exclude || !this.coversAny(scope.exclude, country, date);
  }

  private coversAny(refs: readonly string[], country: string, date: string): boolean {
    for (const ref of refs) if (this.covers(ref, country, date)) return true;
    return false;
  }
}
