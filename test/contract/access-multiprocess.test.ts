import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { projectRoot } from '../../src/config/paths';
import { createTestDatabase, TestDatabase, testDialect } from '../support/database';

// Quotas must hold across API processes sharing one database (MySQL, or one SQLite file on one
// machine): the counter is the database's, not a process's.
describe(`quotas across two server processes on one ${testDialect} database`, () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'test', 'support', 'serve.ts')],
        {
          env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', TRUST_PROXY: 'true' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          child.stdout?.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).main));
          child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await db.destroy();
  });

  it('lets exactly 5 of 50 concurrent calls through', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(`http://127.0.0.1:${ports[i % 2]}`)
          .post('/api/signup')
          .set('X-Forwarded-For', '192.0.2.77')
          .send({ email: `mp${i}@example.com` })
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(Number((await db.knex('accounts').count({ n: '*' }))[0].n)).toBe(5);
  }, 120_000); // 50 concurrent writes through two processes: SQLite serialises them, slowly on a busy machine
});
