import type { Logger } from 'pino';
import type { ImportProgress } from '../domain/import-progress';
import type { ServiceMetrics } from './metrics';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Reports each step of a reference-data import: a log line a person can follow during a first start
 * (`importing hts: file 3 of 45 (2025 HTS Revision 2), 35,120 rows at 41,300 rows/s`) and the import
 * gauges of /metrics.
 */
export function importProgressReporter(logger: Logger, metrics: ServiceMetrics): ImportProgress {
  return (step) => {
    metrics.recordImportStep(step);
    const rowsPerSecond = step.elapsedMs > 0 ? Math.round((step.rows * 1000) / step.elapsedMs) : 0;
    const unit = step.dataset === 'hts' ? 'file' : 'importer';
    logger.info(
      { import: { dataset: step.dataset, done: step.done, total: step.total, item: step.item, rows: step.rows, ms: Math.round(step.elapsedMs), rowsPerSecond } },
      `importing ${step.dataset}: ${unit} ${step.done} of ${step.total} (${step.item}), ${count(step.rows)} rows at ${count(rowsPerSecond)} rows/s`,
    );
  };
}
