import type { Logger } from 'pino';

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Starts a service and stops it gracefully on SIGTERM or SIGINT. The process exits explicitly after
 * stopping: Agenda leaves liveness timers behind that would otherwise hold it open for minutes.
 */
export function runUntilSignalled(logger: Logger, start: () => Promise<Stoppable>): void {
  const startedAt = process.hrtime.bigint();
  start().then(
    (service) => {
      logger.info({ startup_ms: Number(process.hrtime.bigint() - startedAt) / 1e6 }, 'started');
      let stopping = false;
      const shutdown = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        logger.info({ signal }, 'shutting down');
        service.stop().then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', shutdown);
      process.on('SIGINT', shutdown);
    },
    (error: unknown) => {
      logger.fatal({ err: error }, 'failed to start');
      process.exit(1);
    },
  );
}
