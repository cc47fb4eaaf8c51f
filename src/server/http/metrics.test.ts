import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send as sendTo } from '#tests/support/http.ts';
import { pathSpellings } from '#tests/support/path-spellings.ts';
import { rawRequest } from '#tests/support/raw-http.ts';
import { packageVersion } from '#tests/support/release.ts';
import { enqueueMail } from '../mail/outbox.ts';

const metricsToken = 'mT4_qP9-xW2~kK7.bR5nL8vC3jH6gF1sD0aY';

/** One request with the path exactly as written: fetch would tidy `/./metrics` and `/x/../metrics` away. */
const send = (site: TestApp, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(site.url, { method, path, headers });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** /metrics spelled every other way a router or a proxy might take for it. */
const otherSpellings = pathSpellings('/metrics').slice(1);

describe('/metrics with METRICS_TOKEN set', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { METRICS_TOKEN: metricsToken } });
  });
  afterAll(() => site?.close());

  it('gives the version, request counts, durations and outbox depth to a scraper with the bearer token', async () => {
    await site.outbox.stop(); // keep the queued message pending while we look
    await enqueueMail(
      site.db,
      'test',
      { to: 'visitor@example.com', subject: 'Hello', text: 'Hello' },
      new Date(),
    );
    await sendTo(site, `/healthz`);
    const response = await send(site, '/metrics', bearer(metricsToken));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(response.body).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"}',
    );
    expect(response.body).toContain('outbox_messages{status="pending"} 1');
    expect(response.body).toContain(`build_info{version="${packageVersion}"} 1`);
    expect((await send(site, '/metrics', { authorization: `bearer  ${metricsToken}` })).status).toBe(200);
  });

  it('refuses a scrape without the token, with a wrong one, or with it in the wrong place', async () => {
    const refusals: Record<string, string>[] = [
      {},
      bearer(`${metricsToken}x`),
      bearer(metricsToken.slice(0, -1)),
      bearer(metricsToken.toUpperCase()),
      bearer(''),
      { authorization: metricsToken },
      { authorization: `Basic ${Buffer.from(`prometheus:${metricsToken}`).toString('base64')}` },
      { authorization: `Bearer ${metricsToken} ${metricsToken}` },
      { cookie: `token=${metricsToken}` },
    ];
    for (const headers of refusals) {
      const response = await send(site, '/metrics', headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('http_requests_total');
    }
    expect((await sendTo(site, `/metrics?token=${metricsToken}`)).status).toBe(401);
    expect((await send(site, '/metrics', {}, 'HEAD')).status).toBe(401);
  });

  it('refuses every other spelling of the path and every other method without the token', async () => {
    const answers: string[] = [];
    for (const path of otherSpellings) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const response = await send(site, path, {}, method);
        if (![401, 403, 404].includes(response.status) || response.body.includes('http_requests_total')) {
          answers.push(`${method} ${path}: ${response.status}`);
        }
      }
    }
    expect(answers).toEqual([]);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp();
  });
  afterAll(() => site?.close());

  it('does not exist, whatever is sent and however it is spelled', async () => {
    for (const path of ['/metrics', ...otherSpellings]) {
      for (const headers of [{}, bearer(metricsToken), bearer('undefined'), { authorization: 'Bearer ' }]) {
        const response = await send(site, path, headers);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(response.body).not.toContain('http_requests_total');
      }
    }
  });
});
