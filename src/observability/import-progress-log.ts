import type { Logger } from 'pino';
import type { ServiceMetrics } from './metrics';
import type { ImportProgress } from '../domain/shared';

const count = (n: number): string => n.toLocaleString('en-US');

/** How each dataset's steps and rows are called in the log line. */
const words: Record<string, { step: string; rows: string }> = {
  hts: { step: 'file', rows: 'rows' },
  parcel: { step: 'importer', rows: 'records' },
  ports: { step: 'step', rows: 'ports' },
};

/**
 * Reports each step of a reference-data import: a log line a person can follow during a first start
 * (`importing hts: file 3 of 45 (2025 Revision 2), 35,120 rows at 41,300 rows/s`) and the import
 * gauges of /metrics.
 */
export function importProgressReporter(logger: Logger, metrics: ServiceMetrics): ImportProgress {
  return (step) => {
    metrics.recordImportStep(step);
    const rowsPerSecond = step.elapsedMs > 0 ? Math.round((step.rows * 1000) / step.elapsedMs) : 0;
    const { step: stepWord, rows: rowsWord } = words[step.dataset] ?? { step: 'step', rows: 'rows' };
    const amount =
      step.rows === 0 ? 'nothing new' : `${count(step.rows)} ${rowsWord} at ${count(rowsPerSecond)} ${rowsWord}/s`;
    logger.info(
      {
        import: {
          dataset: step.dataset,
          done: step.done,
          total: step.total,
          item: step.item,
          rows: step.rows,
          ms: Math.round(step.elapsedMs),
          rowsPerSecond,
        },
      },
      `importing ${step.dataset}: ${stepWord} ${step.done} of ${step.total} (${step.item}), ${amount}`,
    );
  };
}
