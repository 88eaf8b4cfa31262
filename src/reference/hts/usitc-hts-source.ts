import { htsFileName, parseUsitcReleaseName } from './hts-revision';
import {
  AvailableHtsRelease,
  compareRevisions,
  type HtsFileFormat,
  HtsReleaseSource,
  HtsSourceUnavailable,
} from '../../domain/hts';

export interface UsitcSourceOptions {
  /** Revision discovery: a JSON array of `{ name: "2026HTSRev4", releaseStartDate: "02/24/2026", status }`. */
  releaseListUrl: string;
  /** Where the static bulk files live; the file name (`hts_2026_revision_4_json.json`) is appended. */
  filesBaseUrl: string;
  /** The live export, which serves only the current release: the fallback when the static file is refused. */
  currentExportUrl: string;
  format: HtsFileFormat;
  timeoutMs: number;
  userAgent: string;
}

/** USITC's published addresses (its HTS site's release list and bulk files; the Budget Lab at Yale's download script uses the same). */
export const usitcDefaults: UsitcSourceOptions = {
  releaseListUrl: 'https://hts.usitc.gov/reststop/releaseList',
  filesBaseUrl: 'https://www.usitc.gov/sites/default/files/tata/hts/',
  currentExportUrl: 'https://hts.usitc.gov/reststop/exportList?from=0101.21.00&to=9999.00.00&format=JSON&styles=true',
  format: 'json',
  timeoutMs: 120_000,
  userAgent: 'Tradelane-HTS-refresh/1.0',
};

interface UsitcReleaseListEntry {
  name?: unknown;
  releaseStartDate?: unknown;
  status?: unknown;
}

/** "02/24/2026" (USITC's form) or "2026-02-24" → "2026-02-24"; anything else → null. */
function usitcDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (us) return `${us[3]}-${us[1]}-${us[2]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : null;
}

/** Refusals after which the live export of the current release is worth trying. */
const refusedStatuses = new Set([401, 403, 404]);

/**
 * USITC over HTTP. Every way a download can fail to complete (network error, timeout, HTTP error,
 * an HTML page in place of the export, fewer bytes than announced) is HtsSourceUnavailable, so
 * the refresh keeps the release in force and retries later.
 */
export class UsitcHtsSource implements HtsReleaseSource {
  private readonly options: UsitcSourceOptions;

  constructor(options: Partial<UsitcSourceOptions> = {}) {
    this.options = { ...usitcDefaults, ...options };
  }

  get description(): string {
    return `USITC (${this.options.releaseListUrl})`;
  }

  async listReleases(): Promise<AvailableHtsRelease[]> {
    const body = await this.download(this.options.releaseListUrl);
    let entries: unknown;
    try {
      entries = JSON.parse(body.toString('utf8'));
    } catch {
      throw new HtsSourceUnavailable(`${this.options.releaseListUrl} did not answer with JSON`);
    }
    if (!Array.isArray(entries))
      throw new HtsSourceUnavailable(`${this.options.releaseListUrl} did not answer with a list of releases`);
    const releases: AvailableHtsRelease[] = [];
    for (const entry of entries as UsitcReleaseListEntry[]) {
      const revision = typeof entry?.name === 'string' ? parseUsitcReleaseName(entry.name) : null;
      if (!revision) continue;
      releases.push({
        ...revision,
        format: this.options.format,
        location: new URL(htsFileName(revision, this.options.format), this.options.filesBaseUrl).toString(),
        effectiveDate: usitcDate(entry.releaseStartDate),
        ...(entry.status === 'current' && this.options.format === 'json'
          ? { fallbackLocation: this.options.currentExportUrl }
          : {}),
      });
    }
    return releases.sort(compareRevisions);
  }

  async fetchRelease(release: AvailableHtsRelease): Promise<Buffer> {
    try {
      return await this.download(release.location);
    } catch (error) {
      const refused = error instanceof RefusedDownload && refusedStatuses.has(error.status);
      if (!refused || release.fallbackLocation === undefined) throw error;
      return this.download(release.fallbackLocation);
    }
  }

  private async download(url: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json, text/csv, */*' },
      });
    } catch (error) {
      throw new HtsSourceUnavailable(`${url}: ${(error as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RefusedDownload(response.status, url);
    }
    if ((response.headers.get('content-type') ?? '').includes('text/html')) {
      await response.body?.cancel();
      throw new HtsSourceUnavailable(`${url} answered with an HTML page, not an HTS export`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new HtsSourceUnavailable(`${url}: download interrupted (${(error as Error).message})`);
    }
    // Content-Length counts encoded bytes; it can only be checked when nothing was decoded.
    const announced = response.headers.get('content-length');
    if (announced !== null && !response.headers.get('content-encoding') && Number(announced) !== bytes.length) {
      throw new HtsSourceUnavailable(`${url}: partial download, ${bytes.length} of ${announced} bytes`);
    }
    return bytes;
  }
}

class RefusedDownload extends HtsSourceUnavailable {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}
