import express from 'express';
import request from 'supertest';
import { writeJson } from '../../src/http/response-writer';

/** An answer long enough that Express would write it as a Buffer beside the headers, with non-ASCII text. */
const body = {
  description: 'Café crème, 100 % coton — '.repeat(60),
  amounts: [1.5, null, '12.30'],
  nested: { ok: true },
};

function appAnswering(write: (res: express.Response) => void, wrap = false): express.Express {
  const app = express();
  app.set('etag', false);
  if (wrap) {
    // As the response validator does in tests: res.json replaced on the response.
    app.use((_req, res, next) => {
      const original = res.json.bind(res);
      res.json = (value: unknown) => {
        res.setHeader('X-Wrapped', 'yes');
        return original(value);
      };
      next();
    });
  }
  app.get('/', (_req, res) => write(res));
  return app;
}

describe('JSON answers', () => {
  it("are the same bytes and headers as Express's res.json", async () => {
    const ours = await request(appAnswering((res) => writeJson(res, 200, body)))
      .get('/')
      .expect(200);
    const express5 = await request(appAnswering((res) => res.json(body)))
      .get('/')
      .expect(200);
    expect(ours.headers['content-type']).toBe(express5.headers['content-type']);
    expect(ours.headers['content-length']).toBe(express5.headers['content-length']);
    expect(ours.text).toBe(express5.text);
    expect(JSON.parse(ours.text)).toEqual(body);
  });

  it('go through res.json where it is wrapped (response validation)', async () => {
    const res = await request(appAnswering((r) => writeJson(r, 200, body), true))
      .get('/')
      .expect(200);
    expect(res.headers['x-wrapped']).toBe('yes');
    expect(JSON.parse(res.text)).toEqual(body);
  });
});
