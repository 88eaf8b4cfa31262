import type { HeldReleases, HtsLine, HtsLineLookup, HtsLineSource, HtsRelease } from './hts-line-source';

export interface InMemoryRelease {
  release: HtsRelease;
  /** First day the release is in force; it stays in force until the next release starts. */
  effectiveFrom: string;
  lines: Array<Omit<HtsLine, 'release'>>;
}

/** An HtsLineSource over releases held in memory (tests, benchmarks). */
export class InMemoryHtsLineSource implements HtsLineSource {
  private readonly releases: Array<{
    effectiveFrom: string;
    release: HtsRelease;
    byCode: Map<string, Omit<HtsLine, 'release'>>;
  }>;
  /** Found lookups by release and code, made on first use (as the release line source caches them). */
  private readonly found = new Map<HtsRelease, Map<string, HtsLineLookup>>();

  constructor(releases: InMemoryRelease[]) {
    this.releases = releases
      .map(({ release, effectiveFrom, lines }) => ({
        release,
        effectiveFrom,
        byCode: new Map(lines.map((line) => [line.code, line])),
      }))
      .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  }

  async heldReleases(): Promise<HeldReleases | null> {
    const oldest = this.releases[0];
    const newest = this.releases[this.releases.length - 1];
    if (!oldest || !newest) return null;
    return {
      oldest: { name: oldest.release.name, effectiveDate: oldest.effectiveFrom },
      newest: { name: newest.release.name, effectiveDate: newest.effectiveFrom },
    };
  }

  async lineInForce(code: string, date: string): Promise<HtsLineLookup> {
    let inForce: (typeof this.releases)[number] | undefined;
    for (const release of this.releases) if (release.effectiveFrom <= date) inForce = release;
    const line = inForce?.byCode.get(code);
    if (inForce && line) {
      const known = this.found.get(inForce.release) ?? new Map<string, HtsLineLookup>();
      this.found.set(inForce.release, known);
      const lookup = known.get(code) ?? { status: 'found', line: { ...line, release: inForce.release } };
      known.set(code, lookup);
      return lookup;
    }
    const elsewhere = this.releases.find((release) => release.byCode.has(code));
    if (!elsewhere) return { status: 'unknown' };
    return {
      status: 'not_in_force',
      reason: inForce
        ? `${code} is not in ${inForce.release.name}, the release in force on ${date}; it appears in ${elsewhere.release.name}`
        : `no HTS release in our data is in force on ${date}; the earliest starts ${this.releases[0].effectiveFrom}`,
    };
  }
}
