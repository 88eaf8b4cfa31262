import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { ParcelReferenceData } from '../../domain/parcel';

/**
 * One importer per documented source format. `files` finds its inputs in the data directory (file
 * names carry the effective date, so a new edition is a new file beside the old); `read` parses them
 * into normalised, versioned reference data. Importers do no I/O beyond reading their files.
 */
export interface ParcelImporter {
  name: string;
  files(dataDir: string): string[];
  read(files: string[], dataDir: string): Partial<ParcelReferenceData>;
}

export class ImportFormatError extends Error {
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'ImportFormatError';
  }
}

/** Files in `dir` (relative to the data directory) whose names match `pattern`, sorted. */
export function matchingFiles(dataDir: string, dir: string, pattern: RegExp): string[] {
  const full = path.join(dataDir, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** CSV with a header row → one record per line, header names trimmed. */
export function readCsv(dataDir: string, file: string, requiredColumns: string[]): Array<Record<string, string>> {
  const records: Array<Record<string, string>> = parse(fs.readFileSync(path.join(dataDir, file), 'utf8'), {
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  const missing = requiredColumns.filter((c) => records.length > 0 && !(c in records[0]));
  if (missing.length > 0) throw new ImportFormatError(file, `missing column(s) ${missing.join(', ')}`);
  return records;
}

export function requireValue(file: string, map: Record<string, string>, key: string, what: string): string {
  const value = map[key];
  if (value === undefined) throw new ImportFormatError(file, `unknown ${what} "${key}"`);
  return value;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function requireDate(file: string, value: string): string {
  if (!isoDate.test(value)) throw new ImportFormatError(file, `not a YYYY-MM-DD date: "${value}"`);
  return value;
}
