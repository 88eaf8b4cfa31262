import type { HtsLine, HtsLineLookup, HtsLineSource, HtsRelease } from './hts-line-source';

export interface InMemoryRelease {
  release: HtsRelease;
  /** First day the release is in force; it stays in force until the next release starts. */
  effectiveFrom: string;
  lines: Array<Omit<HtsLine, 'release'>>;
}

/** An HtsLineSource over releases held in memory (tests, benchmarks). */
export class InMemoryHtsLineSource implements HtsLineSource {
  private readonly releases: Array<{ effectiveFrom: string; release: HtsRelease; byCode: Map<string, Omit<HtsLine, 'release'>> }>;

  constructor(releases: InMemoryRelease[]) {
    this.releases = releases
      .map(({ release, effectiveFrom, lines }) => ({ release, effectiveFrom, byCode: new Map(lines.map((line) => [line.code, line])) }))
      .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  }

  async lineInForce(code: string, date: string): Promise<HtsLineLookup> {
    const inForce = [...this.releases].reverse().find((release) => release.effectiveFrom <= date);
    const line = inForce?.byCode.get(code);
    if (inForce && line) return { status: 'found', line: { ...line, release: inForce.release } };
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
