import type request from 'supertest';

/**
 * Sends the same PDF request several times at once to an app with one PDF thread and no waiting
 * line (`pdf: { threads: 1, maxQueue: 0 }`): the first is built, those that arrive while it is are
 * refused at once with 503 service-busy and Retry-After; once they are answered, one more is built.
 */
export async function expectPdfThreadBusy(send: () => request.Test, times = 4): Promise<void> {
  const answers = await Promise.all(Array.from({ length: times }, () => send()));
  const statuses = answers.map((res) => res.status);
  expect(statuses).toContain(200);
  expect(statuses).toContain(503);
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  const refused = answers.find((res) => res.status === 503) as request.Response;
  expect(refused.headers['retry-after']).toBe('2');
  expect(refused.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/service-busy', status: 503 });
  expect(refused.body.detail).toMatch(/PDF thread/);
  expect((await send()).status).toBe(200);
}
