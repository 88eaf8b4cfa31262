/** A real service process for multi-process tests: starts on free ports and reports them on stdout. */
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/logger';
import { startService } from '../../src/server';

const config = {
  ...loadConfig(process.env),
  ports: { main: 0, tariff: 0, site: 0 },
  bindAddress: '127.0.0.1',
  runWorker: false,
};
void startService(config, createLogger(config)).then((service) => {
  process.stdout.write(`${JSON.stringify(service.ports)}\n`);
  process.on('SIGTERM', () => service.stop().then(() => process.exit(0)));
});
