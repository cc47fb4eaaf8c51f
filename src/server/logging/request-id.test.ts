import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFailure } from '#shared/api/endpoint.ts';
import { startTestApp, type TestApp } from '#tests/support/app.ts';
import { send } from '#tests/support/http.ts';
import { publicRoute } from '../http/access.ts';
import { logDestination } from './destination.ts';
import { privateLogger } from './private-logger.ts';

// The app logs at info into a stream we keep; a route that fails stands in for a bug.

const lines: string[] = [];
let site: TestApp;

beforeAll(async () => {
  site = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
    extend(app) {
      app.get('/test/explode', { config: publicRoute }, async () => {
        throw new Error('secret internal detail');
      });
    },
  });
});
afterAll(() => site?.close());

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const linesOf = (id: string) => logged().filter((line) => line.reqId === id);

describe('a request’s id', () => {
  it('is answered in X-Request-Id, is short and random, and is on every line about the request', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await send(site, '/healthz');
      await response.arrayBuffer();
      ids.push(response.headers.get('x-request-id') as string);
    }
    for (const id of ids) expect(id).toMatch(/^[\w-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const [first] = ids as [string];
    // One line a request, written as it is answered.
    expect(linesOf(first).map((line) => line.msg)).toEqual(['request completed']);
    // Every request line names its request.
    const aboutRequests = logged().filter((line) => line.req || line.res);
    expect(aboutRequests.length).toBeGreaterThanOrEqual(5);
    for (const line of aboutRequests) expect(line.reqId).toEqual(expect.stringMatching(/^[\w-]{12}$/));
  });

  it('is not taken from the caller, who could otherwise write into the log', async () => {
    const response = await send(site, '/healthz', { headers: { 'x-request-id': 'forged-by-visitor' } });
    await response.arrayBuffer();
    expect(response.headers.get('x-request-id')).not.toBe('forged-by-visitor');
    expect(lines.join('\n')).not.toContain('forged-by-visitor');
  });

  it('is in a 500 answer, in the answer shape the contract gives, and on the failure’s log line', async () => {
    const response = await send(site, '/test/explode');
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id') as string;
    const answer = serverFailure.parse(await response.json());
    expect(answer).toEqual({
      success: false,
      infoMessages: [],
      errorMessages: ['Something went wrong on our side. Please try again in a moment.'],
      requestId: id,
    });
    const failure = linesOf(id).find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, err: { message: 'secret internal detail' } });
  });

  it('is on the error page a browser gets', async () => {
    const response = await send(site, '/test/explode', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id') as string;
    const page = await response.text();
    expect(page).toContain('Please try again');
    expect(page).toContain(`tell us this reference: <code>${id}</code>`);
    expect(page).not.toContain('secret internal detail');
  });
});

describe('the log on a terminal', () => {
  it('is one readable line per entry, led by the request’s id, and still masks addresses', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    let text = '';
    terminal.on('data', (chunk) => {
      text += chunk;
    });
    const log = privateLogger(pino({ level: 'info' }, logDestination(terminal)));
    log
      .child({ reqId: 'k3Tq9_xW2mZb' })
      .info({ err: new Error('no mailbox ann.lee@example.com') }, 'send failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d(\.\d+)?\] INFO: \[k3Tq9_xW2mZb\] send failed /);
    expect(text).toContain('a***@example.com');
    expect(text).not.toContain('ann.lee');
    expect(() => JSON.parse(text.split('\n')[0] as string)).toThrow();
    // An entry's fields stay on its line (only an error's stack follows on lines of its own).
    text = '';
    log.child({ reqId: 'k3Tq9_xW2mZc' }).info({ outboxId: 7, kind: 'booking' }, 'mail sent');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(text.trimEnd().split('\n')).toHaveLength(1);
    expect(text).toContain('[k3Tq9_xW2mZc] mail sent {"outboxId":7,"kind":"booking"}');
  });

  it('is JSON elsewhere', () => {
    const written: string[] = [];
    const pipe = Object.assign(new PassThrough(), { isTTY: false });
    pipe.on('data', (chunk) => written.push(String(chunk)));
    const log = pino({ level: 'info' }, logDestination(pipe));
    log.info({ reqId: 'k3Tq9_xW2mZb' }, 'request completed');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(JSON.parse(written.join(''))).toMatchObject({
          reqId: 'k3Tq9_xW2mZb',
          msg: 'request completed',
        });
        resolve();
      }),
    );
  });
});
