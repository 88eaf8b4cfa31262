import fs from 'node:fs';
import type { Config } from '@jest/types';
import { hostNames } from '../../src/hosts/host-names';
import { operationRoutes, readStatusLog } from './status-log';

/** True when jest ran the whole suite, not a chosen file or test name. */
function ranWholeSuite(globalConfig: Config.GlobalConfig): boolean {
  const patterns = (globalConfig as unknown as { testPathPatterns?: { patterns?: string[] } }).testPathPatterns;
  return (patterns?.patterns?.length ?? 0) === 0 && !globalConfig.testNamePattern && !globalConfig.onlyChanged;
}

/**
 * The spec-coverage rule: every status each host declares for each operation was answered by that
 * host in some test. Checked only when the whole suite ran, since a subset cannot cover everything.
 */
export default async function globalTeardown(globalConfig: Config.GlobalConfig): Promise<void> {
  const dir = process.env.STATUS_LOG_DIR;
  if (!dir) return;
  const records = readStatusLog(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  if (!ranWholeSuite(globalConfig)) return;
  const seen = new Set(records.map((r) => `${r.host} ${r.operationId} ${r.status}`));
  const missing: string[] = [];
  for (const host of hostNames) {
    for (const route of operationRoutes(host)) {
      for (const status of route.statuses) {
        if (status === 'default') continue;
        if (!seen.has(`${host} ${route.operationId} ${status}`)) missing.push(`${host} ${route.method} ${route.path} (${route.operationId}) → ${status}`);
      }
    }
  }
  if (missing.length > 0) {
    throw new Error(`spec coverage: ${missing.length} declared status(es) never answered in a test:\n  ${missing.join('\n  ')}`);
  }
}
