/**
 * In-process Parcel Quotes benchmark: imports the shared rate data into a scratch SQLite database,
 * builds the rating index once, then times three-carrier quotes (cards only, as test mode) on a mix
 * of lanes and parcels. Prints p50/p99 per quote run one at a time, and per quote when 50 are
 * started together (the queueing the HTTP bench's 50 connections will see on one event loop), and
 * the process's CPU time per quote, alone and with the API answer the handler writes (mapping and
 * JSON text): on a shared machine CPU time moves less than the wall clock.
 *
 *   npx tsx bench/parcel-engine.ts [quotes=5000]
 *
 * Each quote allocates many short-lived objects, so young-generation GC pauses set the tail:
 * compare with NODE_OPTIONS=--max-semi-space-size=64.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { DatabaseParcelReferenceSource } from '../src/db/repositories/parcel-reference.source';
import type { QuoteRequest } from '../src/domain/parcel/model';
import { ParcelQuoteService } from '../src/domain/parcel/quote.service';
import { ParcelReferenceStore } from '../src/domain/parcel/reference-store';
import { importParcelReferenceData } from '../src/reference/parcel/import-parcel-reference';
import { toApiParcelQuote } from '../src/handlers/outputs/parcel.output';

const lanes: Array<[string, string]> = [
  ['85004', '60606'],
  ['10001', '94105'],
  ['30303', '75201'],
  ['98101', '33101'],
  ['44101', '02108'],
  ['80202', '85201'],
  ['60606', '60611'],
  ['90001', '10001'],
];

function requestFor(i: number): QuoteRequest {
  const [origin, destination] = lanes[i % lanes.length];
  const parcels = [
    {
      length: 12 + (i % 7),
      width: 10,
      height: 8,
      lengthUnit: 'in' as const,
      weight: 1 + (i % 20),
      weightUnit: 'lb' as const,
    },
  ];
  if (i % 3 === 0) parcels.push({ length: 20, width: 14, height: 10, lengthUnit: 'in', weight: 12, weightUnit: 'lb' });
  return {
    origin: { postalCode: origin },
    destination: { postalCode: destination },
    parcels,
    residential: i % 2 === 0,
    shipDate: '2026-11-23',
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Median over five rounds of the process CPU time per call of `run` over the mix. */
async function cpuPerQuote(total: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = cpuMicros();
    for (let i = 0; i < total; i++) await run(i);
    rounds.push((cpuMicros() - start) / total);
  }
  return rounds.sort((a, b) => a - b)[2];
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 5000);
  const dataDir = loadConfig().dataDir;
  if (!dataDir || !fs.existsSync(path.join(dataDir, 'parcel')))
    throw new Error('no parcel data directory: set DATA_DIR');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-bench-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  try {
    await migrateToLatest(db);
    let t = performance.now();
    await importParcelReferenceData(db, dataDir);
    const importMs = performance.now() - t;
    const store = new ParcelReferenceStore(new DatabaseParcelReferenceSource(db));
    t = performance.now();
    await store.refresh();
    const loadMs = performance.now() - t;
    const service = new ParcelQuoteService({ reference: store });

    for (let i = 0; i < 500; i++) await service.quote(requestFor(i), { testMode: true });

    const sequential: number[] = [];
    let quotesReturned = 0;
    t = performance.now();
    for (let i = 0; i < total; i++) {
      const start = performance.now();
      const result = await service.quote(requestFor(i), { testMode: true });
      sequential.push(performance.now() - start);
      quotesReturned += result.quotes.length;
    }
    const sequentialMs = performance.now() - t;

    const concurrent: number[] = [];
    for (let batch = 0; batch < total / 50; batch++) {
      const start = performance.now();
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          service
            .quote(requestFor(batch * 50 + k), { testMode: true })
            .then(() => concurrent.push(performance.now() - start)),
        ),
      );
    }

    const quoteCpu = await cpuPerQuote(total, (i) => service.quote(requestFor(i), { testMode: true }));
    const answerCpu = await cpuPerQuote(
      total,
      async (i) => JSON.stringify(toApiParcelQuote(await service.quote(requestFor(i), { testMode: true }))).length,
    );

    sequential.sort((a, b) => a - b);
    concurrent.sort((a, b) => a - b);
    console.log(
      `parcel engine bench: ${total} three-carrier quotes, ${lanes.length} lanes, 1–2 parcels, cards only (NODE_OPTIONS: ${process.env.NODE_OPTIONS || 'none'}; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
    );
    console.log(`  import data/parcel: ${importMs.toFixed(0)} ms; load index from DB: ${loadMs.toFixed(0)} ms`);
    console.log(
      `  one at a time: p50 ${fmt(percentile(sequential, 50))}  p99 ${fmt(percentile(sequential, 99))}  max ${fmt(sequential[sequential.length - 1])}  throughput ${((total / sequentialMs) * 1000).toFixed(0)} quotes/s  (${(quotesReturned / total).toFixed(1)} service quotes each)`,
    );
    console.log(
      `  50 started together: p50 ${fmt(percentile(concurrent, 50))}  p99 ${fmt(percentile(concurrent, 99))}`,
    );
    console.log(
      `  cpu per quote (median of 5 rounds): ${quoteCpu.toFixed(1)} µs; with the API answer (mapping, JSON text): ${answerCpu.toFixed(1)} µs`,
    );
  } finally {
    await db.knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
