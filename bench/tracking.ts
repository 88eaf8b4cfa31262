import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTrackingConfig } from '../src/config/tracking-config';
import { openDatabase } from '../src/db/knex';
import { migrateToLatest } from '../src/db/migrate';
import { greatCircleNm } from '../src/domain/tracking/geo';
import { iso6346CheckDigit } from '../src/domain/tracking/container-number';
import { NmeaDecoder } from '../src/domain/tracking/providers/ais/nmea-decoder';
import { SeaRouter } from '../src/domain/tracking/sea-route/sea-router';
import { createTrackingServices } from '../src/hosts/tracking-services';

// npx tsx bench/tracking.ts — sea-route latency, AIS decoding throughput, refresh throughput
// (test mode, sandbox upstream, SQLite or DATABASE_URL).

const ports: Record<string, [number, number]> = {
  CNSHA: [31.23, 121.49],
  USLAX: [33.73, -118.26],
  SGSIN: [1.26, 103.84],
  NLRTM: [51.95, 4.05],
  DEHAM: [53.54, 9.97],
  USNYC: [40.67, -74.04],
  INNSA: [18.95, 72.95],
  BRSSZ: [-23.98, -46.3],
  AUSYD: [-33.86, 151.2],
  ZADUR: [-29.87, 31.05],
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const t0 = performance.now();
  const router = new SeaRouter();
  console.log(`router build: ${(performance.now() - t0).toFixed(1)} ms, ${router.nodes.length} waypoints`);
  const codes = Object.keys(ports);
  const times: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const a of codes) {
      for (const b of codes) {
        if (a === b) continue;
        const from = { lat: ports[a][0], lon: ports[a][1] };
        const to = { lat: ports[b][0], lon: ports[b][1] };
        const start = performance.now();
        const route = router.route(from, to);
        times.push(performance.now() - start);
        if (round === 0 && route) ratios.push(route.distanceNm / greatCircleNm(from, to));
      }
    }
  }
  console.log(
    `sea route: ${times.length} queries, p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(2)} ms`,
  );
  console.log(
    `sea route / great circle: median ${percentile(ratios, 50).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)}`,
  );

  const sample = path.resolve(
    __dirname,
    '..',
    '..',
    '..',
    'shared',
    'data',
    'tracking',
    'ais',
    'pyais_nmea_data_sample.txt',
  );
  const alt = path.resolve(__dirname, '..', '..', 'shared', 'data', 'tracking', 'ais', 'pyais_nmea_data_sample.txt');
  const file = [
    process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'tracking/ais/pyais_nmea_data_sample.txt') : '',
    sample,
    alt,
  ].find((f) => f && fs.existsSync(f));
  if (file) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const decoder = new NmeaDecoder();
    const start = performance.now();
    for (let i = 0; i < 200; i++) for (const line of lines) decoder.decodeLine(line);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `AIVDM decoding: ${Math.round((lines.length * 200) / seconds)} sentences/s (${decoder.stats.messages} messages)`,
    );
  }

  // A scratch database: a temporary SQLite file, or a throwaway database on the MySQL server named
  // by DATABASE_URL (never the database itself).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracking-bench-'));
  let url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  let dropScratch = async () => {};
  if (process.env.DATABASE_URL?.startsWith('mysql://')) {
    const server = new URL(process.env.DATABASE_URL);
    const name = `tl_bench_${process.pid}`;
    const admin = openDatabase(server.toString());
    await admin.knex.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
    dropScratch = async () => {
      await admin.knex.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.knex.destroy();
    };
    server.pathname = `/${name}`;
    url = server.toString();
  }
  const db = openDatabase(url);
  try {
    await migrateToLatest(db);
    const now = Date.parse('2026-11-22T10:00:00Z');
    const services = createTrackingServices(db.knex, loadTrackingConfig({}), { now: () => new Date(now) });
    const count = 300;
    const prefix = ['MSKU', 'MRKU', 'MAEU', 'MWCU'];
    // Test mode pays for references other than the sample containers, as live mode does.
    for (let a = 0; a < 10; a++)
      await services.credits.grant(`acct_bench_${a}`, String(count / 10), 'benchmark', 'bench');
    for (let i = 0; i < count; i++) {
      const first10 = `${prefix[i % 4]}${String(100000 + i * 37).padStart(6, '0')}`;
      await services.subscriptions.create({
        accountId: `acct_bench_${i % 10}`,
        livemode: false,
        referenceType: 'container',
        reference: first10 + iso6346CheckDigit(first10),
        plan: 'free',
      });
    }
    const start = performance.now();
    const report = await services.refresh.refreshDue();
    const seconds = (performance.now() - start) / 1000;
    const total = report.refreshed + report.completed + report.stale;
    console.log(
      `refresh (${db.dialect}, sandbox): ${total} subscriptions (${report.refreshed} refreshed, ${report.completed} completed, ${report.stale} stale) in ${seconds.toFixed(2)} s = ${(total / seconds).toFixed(1)}/s, ${report.outboxEvents} outbox events`,
    );
    const reads: number[] = [];
    const subs = await services.subscriptions.list('acct_bench_0', false, { limit: 30, cursor: null, status: null });
    for (const s of subs.data) {
      const t = performance.now();
      await services.subscriptions.getContainer('acct_bench_0', false, s.containers[0].id);
      reads.push(performance.now() - t);
    }
    console.log(
      `read container with timeline and ports: p50 ${percentile(reads, 50).toFixed(2)} ms, p95 ${percentile(reads, 95).toFixed(2)} ms`,
    );
  } finally {
    await db.knex.destroy();
    await dropScratch();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
