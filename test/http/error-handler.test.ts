import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { problemErrorHandler } from '../../src/http/error-handler';
import { accessLog } from '../../src/http/access-log';
import { changedMeanwhile, conflict } from '../../src/domain/shared';

// An unexpected failure deep inside a handler: the body must say nothing about it but the request id.
it('answers 500 internal with no stack trace, SQL or path, and logs the cause', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const app = express();
  app.use(accessLog(logger));
  app.get('/boom', () => {
    throw new Error('ER_NO_SUCH_TABLE: select * from `secrets` at /srv/app/src/db/x.ts:12');
  });
  app.use(problemErrorHandler);

  const res = await request(app)
    .get('/boom')
    .expect(500)
    .expect('content-type', /application\/problem\+json/);
  expect(res.body).toEqual({
    type: 'https://docs.tradelane.dev/problems/internal',
    title: 'Internal error',
    status: 500,
    code: 'internal',
    instance: '/boom',
    request_id: res.headers['x-request-id'],
  });
  expect(res.text).not.toMatch(/secrets|ER_NO_SUCH_TABLE|\/srv\/app|at /);
  const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
  expect(logged.err.stack).toContain('ER_NO_SUCH_TABLE');
  expect(logged.req.id).toBe(res.headers['x-request-id']);
});

// A conflict says which one it is: the client retries a lost race, but not a finalized invoice.
it.each([
  [changedMeanwhile('Invoice inv_1'), 'concurrent_update'],
  [conflict('invalid_state', 'Invoice inv_1 is finalized: it cannot change.'), 'invalid_state'],
  [conflict('already_exists', 'An account with this email already exists.'), 'already_exists'],
])('answers a domain conflict 409 with its code (%#)', async (error, code) => {
  const app = express();
  app.get('/conflict', () => {
    throw error;
  });
  app.use(problemErrorHandler);
  const res = await request(app).get('/conflict').expect(409);
  expect(res.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/conflict', status: 409, code });
});
