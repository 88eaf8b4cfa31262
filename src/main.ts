import { loadConfig } from './config/config';
import { createLogger } from './logger';
import { startService } from './server';
import { runUntilSignalled } from './process-lifecycle';

/** `npm start`: the API on its three hosts, with the job worker in the same process. */
const config = loadConfig();
const logger = createLogger(config);
runUntilSignalled(logger, () => startService(config, logger));
