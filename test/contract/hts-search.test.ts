import request from 'supertest';
import { createTestApp, TestApp } from '../support/app';
import { rev3AndRev4 } from '../support/hts-fixtures';
import { signUp } from '../support/accounts';
import { wholeRuling } from '../support/ruling-text';

// The search over the real release, through the API, as the development set's bench runs it.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ config: { trustProxy: true }, withTariffData: rev3AndRev4 });
}, 120_000);
afterAll(() => app?.close());

let ip = 0;
const search = (body: object, from = `198.19.0.${++ip}`) =>
  request(app.hosts.tariff).post('/api/tariff/public/ai-search').set('X-Forwarded-For', from).send(body);

describe('POST /api/tariff/public/ai-search', () => {
  it('ranks 10-digit codes of the release in force, with confidence and rationale', async () => {
    const res = await search({ query: "men's cotton knit t-shirt" }).expect(200);
    expect(res.body).toMatchObject({
      object: 'hts_search',
      query_kind: 'description',
      remaining: 4,
      hts_release: { id: expect.stringMatching(/^htsr_/) },
    });
    expect(res.body.candidates.length).toBeGreaterThan(0);
    expect(res.body.candidates[0].code).toMatch(/^6109\.\d{2}\.\d{4}$/);
    for (const candidate of res.body.candidates) {
      expect(candidate.confidence).toBeGreaterThanOrEqual(0);
      expect(candidate.confidence).toBeLessThanOrEqual(1);
      expect(candidate.rationale.length).toBeGreaterThan(10);
      const line = await app.deps.tariff.lines.lineInForce(candidate.code, app.clock.now().toISOString().slice(0, 10));
      expect(line.status).toBe('found');
    }
  });

  it('asks what the query does not say, and narrows when the answer comes back in context', async () => {
    const first = await search({ query: 'cotton shirt' }).expect(200);
    expect(first.body.clarifications.length).toBeGreaterThan(0);
    const question = first.body.clarifications[0];
    const option = question.options[0];
    const answered = await search({ query: 'cotton shirt', context: { [question.attribute]: option.value } }).expect(
      200,
    );
    expect(answered.body.context.applied).toEqual({ [question.attribute]: option.value });
    expect(answered.body.clarifications.map((q: { attribute: string }) => q.attribute)).not.toContain(
      question.attribute,
    );
    expect(option.codes).toContain(answered.body.candidates[0].code);
  });

  it('runs the calculator on the top candidate when asked', async () => {
    const res = await search({ query: "men's cotton knit t-shirt", include_duty: true, country_code: 'CN' }).expect(
      200,
    );
    expect(res.body.duty).toMatchObject({ hts_code: res.body.candidates[0].code, country: { code: 'CN' } });
    const missing = await search({ query: 'cotton t-shirt', include_duty: true }).expect(400);
    expect(missing.body.errors[0].pointer).toBe('/body/country_code');
  });

  it('answers 422 for a query with no product words', async () => {
    const res = await search({ query: 'the and of' }).expect(422);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/unprocessable');
  });

  it('refuses alike, 422 at /body/query without using the quota, emoji, a brand and gibberish', async () => {
    const from = '198.19.4.1';
    for (const [query, detail] of [
      ['👕🙂', /no words that describe a product/],
      ['Nike', /No word of the query \("nike"\) is one the schedule or the lexicon uses/],
      ['xqzt blorfen wuzzle', /No word of the query/],
    ] as const) {
      const res = await search({ query }, from).expect(422);
      expect(res.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/unprocessable',
        code: 'unprocessable',
        detail: expect.stringMatching(detail),
        errors: [{ pointer: '/body/query', message: 'no word the schedule or the lexicon uses' }],
      });
    }
    expect((await search({ query: 'wooden chair' }, from).expect(200)).body.remaining).toBe(4);
  });

  it('refuses a description in another language than English rather than answer it by chance', async () => {
    for (const [query, language] of [
      ['camiseta de algodón para hombre', 'Spanish'],
      ['chemise en coton pour homme', 'French'],
      ['Herren T-Shirt aus Baumwolle', 'German'],
    ]) {
      const res = await search({ query }).expect(422);
      expect(res.body.detail).toContain(`reads as ${language}, not English`);
      expect(res.body.errors).toEqual([{ pointer: '/body/query', message: 'not English' }]);
    }
    // A trade name in another language inside an English description is English.
    const english = await search({ query: 'pain au chocolat, frozen' }).expect(200);
    expect(english.body.query_kind).toBe('description');
    // So is a name the goods are sold under in English, from the lexicon of everyday names.
    const perfume = await search({ query: 'eau de toilette' }).expect(200);
    expect(perfume.body.candidates[0].code).toMatch(/^3303\./);
  });

  it('looks an HTS number up in the release in force: the line itself, or the lines below a subheading', async () => {
    const today = app.clock.now().toISOString().slice(0, 10);
    for (const query of ['6109.10.0012', '6109100012', 'HTS 6109.10.0012']) {
      const res = await search({ query }).expect(200);
      expect(res.body).toMatchObject({ query_kind: 'hts_code', clarifications: [] });
      expect(res.body.candidates).toHaveLength(1);
      expect(res.body.candidates[0]).toMatchObject({ code: '6109.10.0012', confidence: 1 });
      expect((await app.deps.tariff.lines.lineInForce('6109.10.0012', today)).status).toBe('found');
    }
    const subheading = await search({ query: '6109.10', limit: 20 }).expect(200);
    const codes: string[] = subheading.body.candidates.map((candidate: { code: string }) => candidate.code);
    expect(codes.length).toBeGreaterThan(1);
    expect(codes.every((code) => code.startsWith('6109.10.'))).toBe(true);
    expect([...codes].sort()).toEqual(codes);
    for (const code of codes) expect((await app.deps.tariff.lines.lineInForce(code, today)).status).toBe('found');
  });

  it('refuses an HTS number the release does not have, and a Chapter 99 number (422)', async () => {
    const missing = await search({ query: '6109.10.0099' }).expect(422);
    expect(missing.body.detail).toMatch(/^6109\.10\.0099 is not a line of .*, the HTS release in force\.$/);
    expect(missing.body.errors).toEqual([{ pointer: '/body/query', message: 'not a line of the release in force' }]);
    const chapter99 = await search({ query: '9903.88.15' }).expect(422);
    expect(chapter99.body.detail).toContain('not the classification of goods');
  });

  it('takes a ruling pasted whole and classifies the goods it describes, not the codes its reasoning cites', async () => {
    expect(wholeRuling.length).toBeGreaterThan(1000);
    const res = await search({ query: wholeRuling }).expect(200);
    const codes: string[] = res.body.candidates.map((candidate: { code: string }) => candidate.code);
    // The pullover's subheading among the five; the blouses the letter's reasoning cites (6106) nowhere.
    expect(codes.some((code) => code.startsWith('6110.20.'))).toBe(true);
    expect(codes.filter((code) => code.startsWith('6106'))).toEqual([]);
  });

  it('answers 413 naming the limit for a query over 10,000 characters, without using the quota', async () => {
    const from = '198.19.3.1';
    const res = await search({ query: `cotton t-shirt ${'x'.repeat(10_000)}` }, from).expect(413);
    expect(res.body).toMatchObject({
      type: 'https://docs.tradelane.dev/problems/payload-too-large',
      detail: expect.stringContaining('limit max_query_length'),
      errors: [{ pointer: '/body/query', message: expect.stringContaining('at most 10000 characters') }],
    });
    const next = await search({ query: 'x'.repeat(10_000 - 12) + ' cotton sock' }, from).expect(200);
    expect(next.body.remaining).toBe(4);
  });

  it('shares the daily tariff quota with calculate: the sixth call is 429 either way', async () => {
    const from = '198.19.1.1';
    const calc = { hts_code: '6109.10.0012', country_code: 'CN' };
    await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', from)
      .send(calc)
      .expect(200);
    await request(app.hosts.tariff)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', from)
      .send(calc)
      .expect(200);
    await search({ query: 'wooden chair' }, from).expect(200);
    await search({ query: 'leather handbag' }, from).expect(200);
    const fifth = await search({ query: 'steel bolts' }, from).expect(200);
    expect(fifth.body.remaining).toBe(0);
    await search({ query: 'rubber tires' }, from).expect(429);
    await request(app.hosts.main)
      .post('/api/tariff/public/calculate')
      .set('X-Forwarded-For', from)
      .send(calc)
      .expect(429);
  });

  it('replays with an Idempotency-Key and refuses it with another query from the same account (422)', async () => {
    const from = '198.19.2.1';
    const { key } = await signUp(app);
    await search({ query: 'wooden chair' }, from).set('X-API-Key', key).set('Idempotency-Key', 's-1').expect(200);
    await search({ query: 'wooden table' }, from).set('X-API-Key', key).set('Idempotency-Key', 's-1').expect(422);
    // Keyless callers' records are keyed by address and request: another query simply runs.
    await search({ query: 'wooden chair' }, from).set('Idempotency-Key', 's-2').expect(200);
    await search({ query: 'wooden table' }, from).set('Idempotency-Key', 's-2').expect(200);
  });
});

describe('before the HTS release is imported', () => {
  it('answers 503 not-ready', async () => {
    const empty = await createTestApp();
    try {
      const res = await request(empty.hosts.tariff)
        .post('/api/tariff/public/ai-search')
        .send({ query: 'cotton t-shirt' })
        .expect(503);
      expect(res.body.type).toBe('https://docs.tradelane.dev/problems/not-ready');
    } finally {
      await empty.close();
    }
  });
});

describe('when every AI search thread is busy', () => {
  it('answers 503 service-busy with Retry-After to the search that finds no thread, and answers the other', async () => {
    // One thread and no waiting line: a second search while the first runs is refused at once.
    const busy = await createTestApp({
      config: { trustProxy: true, htsSearch: { threads: 1, maxQueue: 0 } },
      withTariffData: rev3AndRev4,
    });
    try {
      const send = (from: string) =>
        request(busy.hosts.tariff)
          .post('/api/tariff/public/ai-search')
          .set('X-Forwarded-For', from)
          .send({ query: "men's cotton knit t-shirt" });
      const answers = await Promise.all([send('198.19.1.1'), send('198.19.1.2')]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 503]);
      const refused = answers.find((res) => res.status === 503)!;
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.body).toMatchObject({ type: 'https://docs.tradelane.dev/problems/service-busy', status: 503 });
    } finally {
      await busy.close();
    }
  }, 120_000);
});
