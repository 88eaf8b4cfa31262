import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '@jest/types';
import { hostNames } from '../../src/http/host-names';
import { operationRoutes, readStatusLog } from './status-log';
import { dropTemplates } from './database';

/** True when jest ran the whole suite, not a chosen file or test name. */
function ranWholeSuite(globalConfig: Config.GlobalConfig): boolean {
  return !globalConfig.testPathPattern && !globalConfig.testNamePattern && !globalConfig.onlyChanged;
}

/**
 * The spec-coverage rules: every status each host declares for each operation was answered by that
 * host in some test, and no test saw a status the operation does not declare (500 is implicit on
 * every operation). An operation still declaring 501 documents ahead of its implementation the
 * responses only a running operation can give (2xx, and the 422 replay check and 429 quota, which
 * need a call that counts), so those are not required yet. Checked only when the whole suite ran.
 */
export default async function globalTeardown(globalConfig: Config.GlobalConfig): Promise<void> {
  const templates = process.env.TEST_TEMPLATE_DIR;
  if (templates) {
    await dropTemplates(path.basename(templates));
    fs.rmSync(templates, { recursive: true, force: true });
  }
  const dir = process.env.STATUS_LOG_DIR;
  if (!dir) return;
  const records = readStatusLog(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  if (!ranWholeSuite(globalConfig)) return;
  const seen = new Set(records.map((r) => `${r.host} ${r.operationId} ${r.status}`));
  const missing: string[] = [];
  const undeclared = new Set<string>();
  for (const host of hostNames) {
    for (const route of operationRoutes(host)) {
      const pending = route.statuses.includes('501');
      for (const status of route.statuses) {
        if (status === 'default' || (pending && (status.startsWith('2') || status === '422' || status === '429')))
          continue;
        if (!seen.has(`${host} ${route.operationId} ${status}`))
          missing.push(`${host} ${route.method} ${route.path} (${route.operationId}) → ${status}`);
      }
      for (const record of records) {
        if (
          record.host === host &&
          record.operationId === route.operationId &&
          record.status !== 500 &&
          !route.statuses.includes(String(record.status))
        ) {
          undeclared.add(`${host} ${route.method} ${route.path} (${route.operationId}) answered ${record.status}`);
        }
      }
    }
  }
  const failures = [
    ...(missing.length
      ? [`${missing.length} declared status(es) never answered in a test:\n  ${missing.join('\n  ')}`]
      : []),
    ...(undeclared.size
      ? [`${undeclared.size} answered status(es) not declared in the spec:\n  ${[...undeclared].join('\n  ')}`]
      : []),
  ];
  // The repository carries its reference data, so every suite runs: a gap always fails the run.
  if (failures.length > 0) throw new Error(`spec coverage: ${failures.join('\n')}`);
}
