import { Writable } from 'node:stream';
import pino from 'pino';
import { openDatabase } from '../../src/db/knex';
import { createTestDatabase, TestDatabase } from '../support/database';

// Stopping closes the pool with queries still waiting for a connection; knex reported each with a raw
// console.log of a tarn stack. It is a log line now, of the message's first line.
let scratch: TestDatabase;
beforeAll(async () => {
  scratch = await createTestDatabase({ migrate: false });
});
afterAll(() => scratch.destroy());

it('logs a query aborted by closing the pool as one log line, not a console stack', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  const consoleLog = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    // One connection (SQLite's always; MySQL's by pool_max), held by a transaction, so a query waits.
    const url = scratch.url.startsWith('mysql:') ? `${scratch.url}?pool_max=1` : scratch.url;
    const db = openDatabase(url, logger);
    const trx = await db.knex.transaction();
    const waiting = db.knex.raw('select 1').catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = db.knex.destroy();
    await trx.rollback().catch(() => undefined);
    await closed;
    expect(String(await waiting)).toBe('Error: aborted');
    expect(consoleLog).not.toHaveBeenCalled();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, source: 'knex', msg: 'Acquire connection error: Error: aborted' }),
    );
  } finally {
    consoleLog.mockRestore();
  }
});
