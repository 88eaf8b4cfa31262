/**
 * Accuracy and latency of the HTS code search, through the same code path as the API
 * (searchHtsCodes over the real HTS 2026 Rev 4, imported into a scratch database).
 *
 *   npm run bench:search                                  # the development set (bench/data/hts-search/eval_dev.jsonl)
 *   npm run bench:search -- --set <file.jsonl>            # any file of {"id","description","gold"} lines
 *   npm run bench:search -- --set <folder>                # every *.jsonl(.gz) below it; rows may instead carry
 *                                                         # "hts_code" (the rulings folder), their id being the
 *                                                         # file's name and line number
 *   npm run bench:search -- --out predictions.jsonl       # also writes {"id","codes"} lines (score.mjs reads them)
 *   npm run bench:search -- --half even                   # only items whose id ends in an even number (or odd):
 *                                                         # tune on one half, check on the other
 *
 * Prints top-1 / top-5 at 2, 4, 6 and 10 digits per source (10 digits only on items whose gold is a
 * current 10-digit code), the share of returned codes that exist in the release, accuracy by
 * confidence band and a reliability table (tenths of confidence: mean confidence against top-1
 * accuracy, and the expected calibration error), p50/p95 latency, and last `6-digit top-5: <pct>%`
 * over the whole set.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadConfig } from '../src/config/config';
import { htsDatabase } from '../src/db/repositories/hts-database';
import { HtsReleaseRepository } from '../src/db/repositories/hts-release.repository';
import { HtsSearchError, searchHtsCodes } from '../src/domain/classify/hts-search.service';
import { DomainError } from '../src/domain/shared';
import { HtsSearchIndexCache } from '../src/domain/classify/search-index-cache';
import { importHtsFile } from '../src/domain/hts/hts-import.service';
import { loadLexicon } from '../src/reference/classify/lexicon-files';
import { createTestDatabase } from '../test/support/database';
import { htsFileReader } from '../src/reference/hts/hts-file';

interface EvalItem {
  id: string;
  source: string;
  description: string;
  gold: string;
  /** True when the gold is stale, suspect or not 10 digits: not scored at 10 digits. */
  excludeTenDigit: boolean;
}

const levels = [2, 4, 6, 10];

function argument(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at === -1 ? null : (process.argv[at + 1] ?? null);
}

function readSet(file: string): EvalItem[] {
  if (fs.statSync(file).isDirectory())
    return fs
      .readdirSync(file, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.jsonl(\.gz)?$/.test(name))
      .sort()
      .flatMap((name) => readSet(path.join(file, name)));
  const fallbackSource = path.basename(file).replace(/\.jsonl(\.gz)?$/, '');
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, at) => {
      const raw = JSON.parse(line) as {
        id?: string;
        source?: string;
        description: string;
        gold?: string;
        hts_code?: string;
        exclude_10digit?: boolean;
      };
      const id = raw.id ?? `${fallbackSource}_${at + 1}`;
      const gold = String(raw.gold ?? raw.hts_code).replace(/\D/g, '');
      if (gold.length < 4 || gold.length > 10) throw new Error(`${id}: gold "${raw.gold}" is not 4 to 10 digits`);
      return {
        id,
        source: raw.source ?? fallbackSource,
        description: raw.description,
        gold,
        excludeTenDigit: raw.exclude_10digit === true || gold.length < 10,
      };
    });
}

/** Whether an item's id ends in an even or an odd number ("atlas_test_00042" is even). */
function idParity(id: string): 'even' | 'odd' {
  const digits = /(\d+)\D*$/.exec(id);
  if (!digits) throw new Error(`${id}: --half needs ids that end in a number`);
  return Number(digits[1]) % 2 === 0 ? 'even' : 'odd';
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const pct = (hits: number, n: number) => `${((100 * hits) / n).toFixed(1)}%`;

interface Tally {
  n: number;
  top1: number;
  top5: number;
}

function tally(map: Map<string, Tally>, key: string, hit1: boolean, hit5: boolean): void {
  const entry = map.get(key) ?? { n: 0, top1: 0, top5: 0 };
  entry.n++;
  if (hit1) entry.top1++;
  if (hit5) entry.top5++;
  map.set(key, entry);
}

/** Confidence against accuracy by tenths of confidence, and the expected calibration error (their gap, weighted by count). */
function printReliability(items: Array<{ confidence: number; hit: boolean }>): void {
  console.log('\nreliability (top candidate, top-1 at 6 digits)\n  confidence      n   mean conf   top-1');
  let error = 0;
  for (let tenth = 0; tenth < 10; tenth++) {
    const bin = items.filter(({ confidence }) => Math.min(9, Math.floor(confidence * 10)) === tenth);
    if (bin.length === 0) continue;
    const mean = bin.reduce((sum, { confidence }) => sum + confidence, 0) / bin.length;
    const accuracy = bin.filter(({ hit }) => hit).length / bin.length;
    error += (bin.length / items.length) * Math.abs(mean - accuracy);
    console.log(
      `  ${(tenth / 10).toFixed(1)}-${((tenth + 1) / 10).toFixed(1)}   ${String(bin.length).padStart(6)}   ${mean.toFixed(3).padStart(9)}   ${pct(accuracy, 1).padStart(6)}`,
    );
  }
  console.log(`  expected calibration error: ${(100 * error).toFixed(1)} points`);
}

async function main(): Promise<void> {
  const dataDir = loadConfig().dataDir;
  if (dataDir === null) throw new Error('no data directory: set DATA_DIR to the folder holding hts/');
  const setFile = argument('--set') ?? path.join(__dirname, 'data', 'hts-search', 'eval_dev.jsonl');
  const half = argument('--half');
  if (half !== null && half !== 'even' && half !== 'odd') throw new Error('--half takes even or odd');
  const items = readSet(setFile).filter((item) => half === null || idParity(item.id) === half);
  const outFile = argument('--out');

  const db = await createTestDatabase();
  try {
    const releaseFile = path.join(dataDir, 'hts', 'hts_2026_revision_4_csv.csv');
    let started = performance.now();
    const imported = await importHtsFile(
      { db: htsDatabase(db.knex), files: htsFileReader, clock: () => Date.now() },
      { bytes: fs.readFileSync(releaseFile), revision: { year: 2026, revision: 4 }, source: releaseFile },
    );
    if (imported.outcome !== 'imported') throw new Error(`import: ${JSON.stringify(imported)}`);
    const importMs = performance.now() - started;
    const store = new HtsReleaseRepository(db.knex);
    const indexes = new HtsSearchIndexCache(store);
    started = performance.now();
    const index = await indexes.rebuildFor(imported.release.id);
    const indexMs = performance.now() - started;
    console.log(
      `HTS search bench: ${items.length} items from ${setFile}${half ? ` (${half} ids)` : ''}\n` +
        `release ${imported.release.title} (imported in ${(importMs / 1000).toFixed(1)} s); index of ${index.leaves.length} lines built in ${(indexMs / 1000).toFixed(2)} s`,
    );

    const clock = () => Date.parse(`${imported.release.effectiveDate}T12:00:00Z`);
    const deps = { store, indexes, clock, lexicon: loadLexicon(indexes.analyser) };
    const stats = new Map<string, Tally>();
    const bands = new Map<string, Tally>();
    const reliability: Array<{ confidence: number; hit: boolean }> = [];
    const latencies: number[] = [];
    const refused = new Map<string, number>();
    let returned = 0;
    let valid = 0;
    let overall6 = { n: 0, top5: 0 };
    const predictions: string[] = [];
    for (const item of items) {
      const t0 = performance.now();
      const result = await searchHtsCodes({ query: item.description }, deps).catch((error: unknown) => {
        // A refusal (no product words, too long) is answered as the API would: no candidates, a miss.
        if (!(error instanceof HtsSearchError || error instanceof DomainError)) throw error;
        const reason = error.message.replace(/\d[\d,]*/g, 'N').replace(/\("[^)]*\)/g, '(…)');
        refused.set(reason, (refused.get(reason) ?? 0) + 1);
        return null;
      });
      latencies.push(performance.now() - t0);
      const codes = (result?.candidates ?? []).map((candidate) => candidate.code.replace(/\D/g, ''));
      predictions.push(JSON.stringify({ id: item.id, codes }));
      returned += codes.length;
      valid += codes.filter((code) => index.codes.has(code)).length;
      for (const level of levels) {
        if (level > item.gold.length || (level === 10 && item.excludeTenDigit)) continue;
        const want = item.gold.slice(0, level);
        const hits = codes.map((code) => code.slice(0, level) === want);
        tally(stats, `${item.source}|${level}`, hits[0] === true, hits.slice(0, 5).some(Boolean));
        if (level === 6)
          overall6 = { n: overall6.n + 1, top5: overall6.top5 + (hits.slice(0, 5).some(Boolean) ? 1 : 0) };
      }
      const level = Math.min(6, item.gold.length);
      const confidence = result?.candidates[0]?.confidence ?? 0;
      const band = confidence >= 0.7 ? 'high (>= 0.7)' : confidence >= 0.4 ? 'medium (0.4-0.7)' : 'low (< 0.4)';
      const hit = codes[0]?.slice(0, level) === item.gold.slice(0, level);
      tally(bands, band, hit, false);
      reliability.push({ confidence, hit });
    }

    console.log('\nsource                          level     n    top-1    top-5');
    for (const [key, s] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
      const [source, level] = key.split('|');
      console.log(
        `${source.padEnd(30)} ${level.padStart(3)}-digit ${String(s.n).padStart(5)}   ${pct(s.top1, s.n).padStart(6)}   ${pct(s.top5, s.n).padStart(6)}`,
      );
    }
    console.log("\ntop-1 accuracy by the top candidate's confidence (at 6 digits, or the gold's length when shorter)");
    for (const [band, s] of [...bands.entries()].sort())
      console.log(`  ${band.padEnd(18)} n=${String(s.n).padStart(5)}  top-1 ${pct(s.top1, s.n)}`);
    printReliability(reliability);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`\nvalid codes: ${valid}/${returned} (${pct(valid, returned)})`);
    for (const [reason, count] of refused) console.log(`refused (scored as misses): ${count} × ${reason}`);
    console.log(
      `latency per search: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
    );
    if (outFile) fs.writeFileSync(outFile, predictions.join('\n') + '\n');
    console.log(
      overall6.n === 0
        ? '6-digit top-5: n/a (no gold of 6 digits or more)'
        : `6-digit top-5: ${pct(overall6.top5, overall6.n)}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
