import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Agenda } from 'agenda';
import { sha256Hex } from '../../src/domain/access/secrets';
import { hostNames } from '../../src/http/host-names';
import { createScheduler } from '../../src/jobs/scheduler';
import { startWorker, type Worker } from '../../src/server';
import { createTestApp, TestApp } from '../support/app';
import { parcelFixtureDir } from '../support/parcel-reference';

const metricsToken = 'metrics-token-for-tests';

/** The value of one series in Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      config: { metricsTokenSha256: sha256Hex(metricsToken) },
      withParcelData: parcelFixtureDir,
      // Its import progress is what a test below reads.
      freshImport: true,
    });
  }, 60_000);
  afterAll(() => app.close());

  it.each(hostNames)(
    'serves Prometheus text on the %s host: requests by host, operation and status, with latency',
    async (host) => {
      await request(app.hosts[host]).get('/healthz').expect(200);
      await request(app.hosts[host]).get('/healthz').expect(200);
      await request(app.hosts[host]).get('/no-such-route').expect(404);
      const res = await request(app.hosts[host]).get('/metrics').expect(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(sample(res.text, `tradelane_http_requests_total{host="${host}",operation="getHealth",status="200"}`)).toBe(
        2,
      );
      expect(sample(res.text, `tradelane_http_requests_total{host="${host}",operation="unmatched",status="404"}`)).toBe(
        1,
      );
      expect(
        sample(
          res.text,
          `tradelane_http_request_duration_seconds_count{host="${host}",operation="getHealth",status="200"}`,
        ),
      ).toBe(2);
      expect(res.text).toContain('# TYPE tradelane_http_request_duration_seconds histogram');
    },
  );

  it('counts a request the validator rejects under its operation', async () => {
    await request(app.hosts.main).get('/readyz?verbose=1').expect(400);
    const res = await request(app.hosts.main).get('/metrics').expect(200);
    expect(sample(res.text, 'tradelane_http_requests_total{host="main",operation="getReadiness",status="400"}')).toBe(
      1,
    );
  });

  it('shows the progress of the reference-data import: every parcel importer done, records read', async () => {
    const res = await request(app.hosts.site).get('/metrics').expect(200);
    const planned = sample(res.text, 'tradelane_reference_import_planned_steps{dataset="parcel"}');
    expect(planned).toBeGreaterThan(1);
    expect(sample(res.text, 'tradelane_reference_import_done_steps{dataset="parcel"}')).toBe(planned);
    expect(sample(res.text, 'tradelane_reference_import_rows_total{dataset="parcel"}')).toBeGreaterThan(0);
  });

  it.each(hostNames)('answers 400 on the %s host to an unknown query parameter', async (host) => {
    const res = await request(app.hosts[host]).get('/metrics?format=json').expect(400);
    expect(res.body.type).toBe('https://docs.tradelane.dev/problems/validation-failed');
  });

  it.each(hostNames)(
    'on the %s host, from beyond this machine, needs the metrics token (401 without it or with a wrong one)',
    async (host) => {
      // A local reverse proxy adds X-Forwarded-For: the request is then not the machine's own.
      const remote = () => request(app.hosts[host]).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
      const missing = await remote().expect(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(missing.body).toMatchObject({
        type: 'https://docs.tradelane.dev/problems/unauthenticated',
        detail: 'Send the metrics token as Authorization: Bearer <token>.',
      });
      const wrong = await remote().set('Authorization', 'Bearer not-the-token').expect(401);
      expect(wrong.body.detail).toBe('The metrics token is not valid.');
      const right = await remote().set('Authorization', `Bearer ${metricsToken}`).expect(200);
      expect(right.text).toContain('tradelane_http_requests_total');
      // On loopback, a wrong token is refused all the same, and the right one is accepted.
      await request(app.hosts[host]).get('/metrics').set('Authorization', 'Bearer not-the-token').expect(401);
      await request(app.hosts[host]).get('/metrics').set('Authorization', `Bearer ${metricsToken}`).expect(200);
    },
  );
});

describe('GET /metrics without a metrics token configured', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { metricsTokenSha256: null } });
  });
  afterAll(() => app.close());

  it('is served to this machine only, without credentials', async () => {
    await request(app.hosts.tariff).get('/metrics').expect(200);
    const remote = await request(app.hosts.tariff).get('/metrics').set('Forwarded', 'for=203.0.113.9').expect(401);
    expect(remote.body.detail).toMatch(
      /^No metrics token is configured: metrics are served without credentials to this machine only/,
    );
    // A credential sent is checked, on loopback too: never silently ignored.
    await request(app.hosts.tariff).get('/metrics').set('Authorization', 'Bearer anything').expect(401);
  });
});

describe('job metrics', () => {
  let app: TestApp;
  let agenda: Agenda | undefined;
  let worker: Worker | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-metrics-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dataDir, 'hts'));
    app = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await worker?.stop();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts job runs by outcome: a refresh whose source is gone fails, the tracking refresh succeeds', async () => {
    fs.rmSync(path.join(dataDir, 'hts'), { recursive: true });
    agenda = createScheduler({
      db: app.db,
      workerName: 'metrics-test-worker',
      pollIntervalMs: 100,
      lockLifetimeMs: 2000,
    });
    worker = await startWorker(agenda, app.deps);
    const runs = async () => (await request(app.hosts.main).get('/metrics').expect(200)).text;
    for (let waited = 0; waited < 15_000; waited += 100) {
      const text = await runs();
      if (
        sample(text, 'tradelane_job_runs_total{job="hts-refresh",outcome="failure"}') &&
        sample(text, 'tradelane_job_runs_total{job="tracking.refresh",outcome="success"}')
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const text = await runs();
    expect(sample(text, 'tradelane_job_runs_total{job="hts-refresh",outcome="failure"}')).toBe(1);
    expect(sample(text, 'tradelane_job_runs_total{job="tracking.refresh",outcome="success"}')).toBeGreaterThanOrEqual(
      1,
    );
  }, 30_000);
});
