import type { HtsFileFormat, HtsRevision } from '../../domain/hts';

const fileNamePattern = /^hts_(\d{4})_(?:revision_(\d{1,3})|basic_edition)_(csv|json)\.(csv|json)(?:\.gz)?$/i;

/** USITC's bulk file names: `hts_2026_revision_4_csv.csv`, `hts_2026_basic_edition_json.json`, either gzipped (`….json.gz`). */
export function parseHtsFileName(name: string): (HtsRevision & { format: HtsFileFormat }) | null {
  const match = fileNamePattern.exec(name);
  if (!match || match[3].toLowerCase() !== match[4].toLowerCase()) return null;
  return {
    year: Number(match[1]),
    revision: match[2] === undefined ? 0 : Number(match[2]),
    format: match[3].toLowerCase() as HtsFileFormat,
  };
}

export function htsFileName({ year, revision }: HtsRevision, format: HtsFileFormat): string {
  return revision === 0
    ? `hts_${year}_basic_edition_${format}.${format}`
    : `hts_${year}_revision_${revision}_${format}.${format}`;
}

/** USITC's release names in `reststop/releaseList`: `2026HTSRev4`, `2026HTSBasic`. */
export function parseUsitcReleaseName(name: string): HtsRevision | null {
  const match = /^(\d{4})HTS(?:Basic|Rev(\d{1,3}))$/.exec(name.trim());
  if (!match) return null;
  return { year: Number(match[1]), revision: match[2] === undefined ? 0 : Number(match[2]) };
}
