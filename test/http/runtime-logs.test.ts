import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/config/paths';
import { bootstrapParcelData } from '../../src/hosts/parcel-services';
import { createLogger } from '../../src/logger';
import { importProgressReporter } from '../../src/observability/import-progress-log';
import { createTestApp } from '../support/app';
import { parcelFixtureDir } from '../support/parcel-reference';

/** Runs a process that logs one line with the service's logger, as `npm start` would, and returns its stdout (a pipe, not a terminal). */
function logOnce(env: Record<string, string>): string {
  const script = `require(${JSON.stringify(path.join(projectRoot, 'src', 'logger.ts'))}).createLogger({ logLevel: 'info', logFormat: process.env.LOG_FORMAT }).info({ port: 3000 }, 'started');`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

describe('log format', () => {
  it('writes JSON lines when stdout is not a terminal (CI, a pipe, a log shipper)', () => {
    const out = logOnce({ LOG_FORMAT: 'auto' });
    expect(JSON.parse(out)).toMatchObject({ level: 30, msg: 'started', port: 3000, service: 'tradelane' });
  }, 30_000);

  it('writes one readable line per record when asked for pretty (the default on a terminal)', () => {
    const out = logOnce({ LOG_FORMAT: 'pretty' });
    expect(out).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: started \{"port":3000\}\n$/);
  }, 30_000);
});

describe('import progress', () => {
  it('logs each importer of a first start: N of M, rows and rows per second', async () => {
    const lines: string[] = [];
    const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) });
    const app = await createTestApp();
    try {
      await bootstrapParcelData(
        app.deps.parcel,
        app.db,
        { ...app.deps.config, dataDir: parcelFixtureDir },
        logger,
        importProgressReporter(logger, app.deps.metrics),
      );
    } finally {
      await app.close();
    }
    const steps = lines.map((line) => JSON.parse(line)).filter((entry) => entry.import);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.map((entry) => entry.import.done)).toEqual(steps.map((_, i) => i + 1));
    const last = steps[steps.length - 1];
    expect(last.import.done).toBe(last.import.total);
    const busy = steps.find((entry) => entry.import.rows > 0);
    expect(busy.msg).toMatch(/^importing parcel: importer \d+ of \d+ \([^)]+\), [\d,]+ records at [\d,]+ records\/s$/);
    expect(busy.import.rowsPerSecond).toBeGreaterThan(0);
  });

  it('skips the parcel import on a restart whose files and importers are unchanged, and imports again when a file changes', async () => {
    const app = await createTestApp();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-restart-'));
    fs.cpSync(parcelFixtureDir, dataDir, { recursive: true });
    const start = async () => {
      const lines: string[] = [];
      const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) });
      await bootstrapParcelData(
        app.deps.parcel,
        app.db,
        { ...app.deps.config, dataDir },
        logger,
        importProgressReporter(logger, app.deps.metrics),
      );
      return lines.map((line) => JSON.parse(line).msg as string);
    };
    try {
      expect(await start()).toContain('parcel reference data imported');
      expect(await start()).toEqual(['parcel reference data unchanged since the last import']);
      fs.appendFileSync(path.join(dataDir, 'parcel', 'ups', 'ups_fuel_surcharge_weekly_2026.csv'), '\n');
      expect(await start()).toContain('parcel reference data imported');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
