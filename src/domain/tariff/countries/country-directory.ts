import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';
import type { CountryGroupsFile, CountryScope } from '../rules/rule-schema';

export interface Country {
  code: string;
  name: string;
  flag: string;
}

const isoCodes = countries as Record<string, { name: string; alias?: string[] }>;

const byCode = new Map<string, Country>(
  Object.entries(isoCodes).map(([code, entry]) => [code, Object.freeze({ code, name: entry.name, flag: getEmojiFlag(code as TCountryCode) })]),
);

/** ISO 3166-1 alpha-2 country with its English short name and flag emoji; null when not a code. */
export function countryByCode(code: string): Country | null {
  return byCode.get(code.toUpperCase()) ?? null;
}

/** The ISO code for an English country name or alias (as written by data sources), or null. */
export function countryCodeForName(name: string): string | null {
  const wanted = name.trim().toLowerCase();
  for (const [code, entry] of Object.entries(isoCodes)) {
    if (entry.name.toLowerCase() === wanted || (entry.alias ?? []).some((alias) => alias.toLowerCase() === wanted)) return code;
  }
  return null;
}

/** Country groups with dated membership (EU, general note 3(b), …), read from the rule set. */
export class CountryGroups {
  constructor(private readonly groups: CountryGroupsFile['groups']) {}

  isMember(country: string, group: string, date: string): boolean {
    const definition = this.groups[group];
    if (!definition) throw new Error(`unknown country group ${group}`);
    // Loops rather than closures: this runs for every measure and exemption of every calculation.
    for (const member of definition.members) {
      if (typeof member === 'string' ? member === country : member.code === country && (member.from === undefined || date >= member.from) && (member.to === undefined || date < member.to)) return true;
    }
    return false;
  }

  /** Every country that is a member of the group at some date. */
  everMembers(group: string): string[] {
    const definition = this.groups[group];
    if (!definition) throw new Error(`unknown country group ${group}`);
    return definition.members.map((member) => (typeof member === 'string' ? member : member.code));
  }

  /** Whether a country reference (`CN` or `@EU`) covers the country on the date. */
  covers(ref: string, country: string, date: string): boolean {
    return ref.startsWith('@') ? this.isMember(country, ref.slice(1), date) : ref === country;
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
