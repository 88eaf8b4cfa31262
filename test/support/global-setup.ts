import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/config/paths';

export default async function globalSetup(): Promise<void> {
  const dir = path.join(projectRoot, 'var', 'test-status', String(process.pid));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  // Test workers are started after this and inherit the variable.
  process.env.STATUS_LOG_DIR = dir;
}
