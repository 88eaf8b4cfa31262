import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HtsReleaseRepository } from '../../../src/db/repositories/hts-release.repository';
import { HtsSearchError, rerankSearchResult, searchHtsCodes } from '../../../src/domain/classify/hts-search.service';
import { OpenAiCompatibleReranker } from '../../../src/domain/classify/llm-reranker';
import { importHtsFile } from '../../../src/domain/hts/hts-import.service';
import { findHtsLine } from '../../../src/domain/hts/hts-lookup.service';
import { loadConfig } from '../../../src/config/config';
import { systemClock } from '../../../src/domain/shared/clock';
import { createTariffServices, htsRefreshDeps } from '../../../src/hosts/tariff-services';
import { createTestDatabase, TestDatabase } from '../../support/database';
import { clearHtsTables, htsImportDeps } from '../../support/hts-fixtures';
import { htsSearchDeps, htsSearchFixture } from '../../support/hts-search';

const revisionA = {
  bytes: htsSearchFixture('schedule-a.csv'),
  revision: { year: 2030, revision: 1 },
  source: 'schedule-a.csv',
  effectiveDate: '2030-01-01',
};
const revisionB = {
  bytes: htsSearchFixture('schedule-b.csv'),
  revision: { year: 2030, revision: 2 },
  source: 'schedule-b.csv',
  effectiveDate: '2030-06-01',
};

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.destroy();
});

describe('searchHtsCodes on a hand-written schedule', () => {
  let deps: ReturnType<typeof htsSearchDeps>;

  beforeAll(async () => {
    await clearHtsTables(db);
    expect((await importHtsFile(htsImportDeps(db), revisionA)).outcome).toBe('imported');
    deps = htsSearchDeps(db, '2030-02-01');
  });

  it('returns candidates with code, path, heading, subheading, confidence and rationale', async () => {
    const result = await searchHtsCodes({ query: "men's cotton knit t-shirt" }, deps);
    expect(result.release).toEqual({ id: 'htsr_2030_rev_1', title: expect.any(String), effectiveDate: '2030-01-01' });
    const [top] = result.candidates;
    expect(top).toMatchObject({
      code: '6109.10.0012',
      description: "Men's (338)",
      descriptionPath: expect.stringContaining('T-shirts, singlets, tank tops'),
      chapter: { code: '61' },
      heading: {
        code: '6109',
        description: 'T-shirts, singlets, tank tops and similar garments, knitted or crocheted',
      },
      subheading: { code: '6109.10', description: 'Of cotton' },
    });
    expect(top.confidence).toBeGreaterThan(0);
    expect(top.confidence).toBeLessThanOrEqual(1);
    expect(top.rationale).toMatch(/heading 6109/);
    expect(top.rationale).toMatch(/cotton/);
    expect(result.reranking).toEqual({ status: 'off', model: null, reason: null, latencyMs: null });
  });

  it('asks which gender when the best lines differ on it, and the answer in context narrows the result', async () => {
    const asked = await searchHtsCodes({ query: 'cotton t-shirt' }, deps);
    const gender = asked.clarifications.find((question) => question.attribute === 'gender');
    expect(gender?.question).toMatch(/men or boys/);
    expect(gender?.options.map((option) => option.value).sort()).toEqual(['female', 'male']);
    const female = gender?.options.find((option) => option.value === 'female');
    expect(female?.codes).toEqual(expect.arrayContaining(['6109.10.0040']));

    const answered = await searchHtsCodes({ query: 'cotton t-shirt', context: { gender: 'female' } }, deps);
    expect(answered.context).toEqual({ applied: { gender: 'female' }, ignored: [] });
    expect(answered.clarifications.map((question) => question.attribute)).not.toContain('gender');
    expect(['6109.10.0040', '6109.10.0045']).toContain(answered.candidates[0].code);
    // Lines written for men or boys are ruled out by the answer.
    for (const candidate of answered.candidates) expect(candidate.descriptionPath).not.toMatch(/Men's|Boys'/);
  });

  it('asks knitted or woven when shirts of both chapters lead, and narrows to chapter 61 on "knit"', async () => {
    const asked = await searchHtsCodes({ query: 'cotton shirt' }, deps);
    const construction = asked.clarifications.find((question) => question.attribute === 'construction');
    expect(construction?.options.map((option) => option.value).sort()).toEqual(['knit', 'woven']);
    const chapters = new Set(asked.candidates.map((candidate) => candidate.chapter.code));
    expect(chapters).toEqual(new Set(['61', '62']));

    const knit = await searchHtsCodes({ query: 'cotton shirt', context: { construction: 'knit' } }, deps);
    expect(knit.candidates.length).toBeGreaterThan(0);
    expect(knit.candidates.every((candidate) => candidate.chapter.code === '61')).toBe(true);
    expect(knit.clarifications.map((question) => question.attribute)).not.toContain('construction');
  });

  it('reports context answers it does not know, and respects the limit', async () => {
    const result = await searchHtsCodes(
      { query: 'cotton t-shirt', limit: 2, context: { colour: 'red', gender: 'purple' } },
      deps,
    );
    expect(result.candidates).toHaveLength(2);
    expect(result.context).toEqual({ applied: {}, ignored: ['colour', 'gender'] });
  });

  it('prefers the parts line when the query asks for parts', async () => {
    const parts = await searchHtsCodes({ query: 'parts of an electric iron' }, deps);
    expect(parts.candidates[0].code).toBe('8516.90.8000');
    const whole = await searchHtsCodes({ query: 'electric travel iron' }, deps);
    expect(whole.candidates[0].code).toBe('8516.40.2000');
  });

  it('among the lines of the heading it chose, prefers the one whose path narrows on a query word twice (GRI 6)', async () => {
    // "Aromatic monoamines and their derivatives" > "Aniline derivatives …" carries "derivative" twice;
    // "Aniline and its salts" matches the same words once each and, earlier in the schedule, would win a tie.
    const result = await searchHtsCodes({ query: 'aniline derivative' }, deps);
    expect(result.candidates[0].code).toBe('2921.42.0000');
  });

  it('among the lines of the heading it chose, prefers "Other" to a named line the query says nothing of (GRI 6)', async () => {
    // "Taximeters" only repeats a word of the row above it, so no path word tells it from "Other".
    const result = await searchHtsCodes({ query: 'production counter' }, deps);
    expect(result.candidates[0].code).toBe('9029.10.8000');
  });

  it("for a parts query, prefers the parts line that names the article the query chooses among the heading's lines", async () => {
    // Faucets are among the hand-operated appliances of 8481.80, so their parts are "Of hand operated and check
    // appliances", not the parts "Of valves of subheading 8481.20" (whose repeated "valves" led before).
    const result = await searchHtsCodes({ query: 'faucet parts' }, deps);
    expect(result.candidates[0].code).toBe('8481.90.1000');
  });

  it('only returns codes of the release in force', async () => {
    const store = new HtsReleaseRepository(db.knex);
    for (const query of ['cotton t-shirt', 'hair dryer', 'polyester blouse for women', 'steel bolts']) {
      const result = await searchHtsCodes({ query, limit: 20 }, deps);
      for (const candidate of result.candidates) {
        expect(await findHtsLine(store, candidate.code, '2030-02-01')).toMatchObject({ found: true });
      }
    }
  });

  it('rejects a query with no product words, and a date before any release', async () => {
    await expect(searchHtsCodes({ query: 'the of and 123' }, deps)).rejects.toMatchObject({
      reason: 'no_product_words',
    });
    // A word neither this schedule nor the lexicon uses is refused alike, not answered with nothing.
    await expect(searchHtsCodes({ query: 'donkey' }, deps)).rejects.toMatchObject({ reason: 'no_product_words' });
    deps.setToday('2029-12-31');
    try {
      await expect(searchHtsCodes({ query: 'cotton t-shirt' }, deps)).rejects.toBeInstanceOf(HtsSearchError);
    } finally {
      deps.setToday('2030-02-01');
    }
  });
});

describe('the search index follows the imported releases', () => {
  it('is rebuilt by the import hook, and searches read the new release once it is in force', async () => {
    await clearHtsTables(db);
    const deps = htsSearchDeps(db, '2030-02-01');
    const importDeps = {
      ...htsImportDeps(db),
      afterImport: (release: { id: string }) => deps.indexes.rebuildFor(release.id),
    };

    expect((await importHtsFile(importDeps, revisionA)).outcome).toBe('imported');
    expect(deps.indexes.cachedReleaseIds()).toEqual(['htsr_2030_rev_1']);
    const before = await searchHtsCodes({ query: 'cordless hair dryer' }, deps);
    expect(before.release.id).toBe('htsr_2030_rev_1');
    expect(before.candidates[0].code).toBe('8516.31.0000');

    expect((await importHtsFile(importDeps, revisionB)).outcome).toBe('imported');
    expect(deps.indexes.cachedReleaseIds()).toEqual(['htsr_2030_rev_1', 'htsr_2030_rev_2']);
    // Revision B is not in force yet: the search still answers from revision A.
    expect((await searchHtsCodes({ query: 'cordless hair dryer' }, deps)).release.id).toBe('htsr_2030_rev_1');

    deps.setToday('2030-06-02');
    const after = await searchHtsCodes({ query: 'cordless hair dryer' }, deps);
    expect(after.release.id).toBe('htsr_2030_rev_2');
    expect(after.candidates[0].code).toBe('8516.31.0010');
    expect(after.candidates.map((candidate) => candidate.code)).not.toContain('8516.31.0000');
  });
});

/** A local stand-in for an OpenAI-compatible chat completions endpoint. */
function fakeModelServer(
  answer: (body: {
    response_format: { json_schema: { schema: { properties: { ranking: { items: { enum: string[] } } } } } };
  }) => { status?: number; delayMs?: number; content?: string },
) {
  const requests: unknown[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ url: req.url, authorization: req.headers.authorization, body });
      const reply = answer(body);
      setTimeout(() => {
        res.statusCode = reply.status ?? 200;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: reply.content ?? '' } }] }));
      }, reply.delayMs ?? 0);
    });
  });
  return {
    requests,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('optional re-ranking by a model', () => {
  let deps: ReturnType<typeof htsSearchDeps>;

  beforeAll(async () => {
    await clearHtsTables(db);
    await importHtsFile(htsImportDeps(db), revisionA);
    deps = htsSearchDeps(db, '2030-02-01');
  });

  async function withModel(answer: Parameters<typeof fakeModelServer>[0], timeoutMs = 2000) {
    const fake = fakeModelServer(answer);
    const baseUrl = await fake.start();
    try {
      const reranker = new OpenAiCompatibleReranker({ baseUrl, apiKey: 'test-key', model: 'fake-model', timeoutMs });
      const offline = await searchHtsCodes({ query: 'cotton shirt' }, deps);
      const result = await searchHtsCodes({ query: 'cotton shirt' }, { ...deps, reranker });
      return { offline, result, requests: fake.requests };
    } finally {
      await fake.stop();
    }
  }

  it('leaves a looked-up HTS number in the schedule’s order, asking no model', async () => {
    const fake = fakeModelServer(() => ({ content: '{}' }));
    const baseUrl = await fake.start();
    try {
      const reranker = new OpenAiCompatibleReranker({
        baseUrl,
        apiKey: 'test-key',
        model: 'fake-model',
        timeoutMs: 2000,
      });
      const heading = (await searchHtsCodes({ query: 'cotton shirt' }, deps)).candidates[0].heading.code;
      const lookedUp = await searchHtsCodes({ query: `HTS ${heading}`, limit: 20 }, deps);
      const result = await rerankSearchResult(lookedUp, heading, reranker);
      expect(result).toMatchObject({ queryKind: 'hts_code', reranking: { status: 'off' } });
      const codes = result.candidates.map((candidate) => candidate.code);
      expect(codes.length).toBeGreaterThan(1);
      expect(codes.every((code) => code.startsWith(heading))).toBe(true);
      expect([...codes].sort()).toEqual(codes);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  it('applies the model order, asking for a JSON answer that may only name the candidates', async () => {
    const { offline, result, requests } = await withModel((body) => {
      const codes = body.response_format.json_schema.schema.properties.ranking.items.enum;
      return { content: JSON.stringify({ ranking: [...codes].reverse() }) };
    });
    expect(result.reranking).toMatchObject({ status: 'applied', model: 'fake-model', reason: null });
    expect(result.candidates.map((candidate) => candidate.code)).toEqual(
      offline.candidates.map((candidate) => candidate.code).reverse(),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/v1/chat/completions',
      authorization: 'Bearer test-key',
      body: { model: 'fake-model', response_format: { type: 'json_schema', json_schema: { strict: true } } },
    });
    const sent = (
      requests[0] as {
        body: {
          response_format: { json_schema: { schema: { properties: { ranking: { items: { enum: string[] } } } } } };
        };
      }
    ).body;
    expect(sent.response_format.json_schema.schema.properties.ranking.items.enum.sort()).toEqual(
      offline.candidates.map((candidate) => candidate.code).sort(),
    );
  });

  it.each([
    ['a timeout', { delayMs: 1000, content: '{"ranking":[]}' }, /no answer within 200 ms/],
    ['an HTTP error', { status: 500 }, /HTTP 500/],
    ['a code that is not a candidate', { content: '{"ranking":["9999.99.9999"]}' }, /not a candidate/],
    ['an answer that is not JSON', { content: 'The best code is 6109.10.0012.' }, /not the JSON asked for/],
  ])('falls back to the offline ranking on %s, and says so', async (_case, reply, reason) => {
    const { offline, result } = await withModel(() => reply, 200);
    expect(result.reranking).toMatchObject({
      status: 'fallback',
      model: 'fake-model',
      reason: expect.stringMatching(reason),
    });
    expect(result.candidates).toEqual(offline.candidates);
  });
});

describe("the service's import hook", () => {
  it('builds the index of a newly imported newest release on a search thread, not of an older revision backfilled for history', async () => {
    await clearHtsTables(db);
    const services = createTariffServices(db, { ...loadConfig({}), databaseUrl: db.url });
    const hook = htsRefreshDeps(services, systemClock);

    const indexAhead = jest.spyOn(services.searchPool, 'indexAhead');
    try {
      expect((await importHtsFile(hook, revisionB)).outcome).toBe('imported');
      expect(indexAhead).toHaveBeenCalledTimes(1);
      await expect(indexAhead.mock.results[0].value).resolves.toEqual(['htsr_2030_rev_2']);
      expect((await importHtsFile(hook, revisionA)).outcome).toBe('imported');
      expect(indexAhead).toHaveBeenCalledTimes(1);
    } finally {
      await services.searchPool.close();
    }
  });
});
