import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchJson, HttpError, postJson } from './http.ts';

// A real HTTP server answering with the status named in the path.
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const status = Number(request.url?.slice(1)) || 200;
      response.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' });
      response.end(status === 200 ? JSON.stringify({ method: request.method, body }) : `answer ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

describe('fetch helper', () => {
  it('returns the parsed JSON of a 2xx answer and logs nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await postJson(`${base}/200`, { emailAddress: 'a@b.co' })).toEqual({
      method: 'POST',
      body: '{"emailAddress":"a@b.co"}',
    });
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'Object not found'],
    [500, 'Internal server error'],
    [503, 'Some error occured'],
    [422, 'Some error occured'],
  ])('logs %i as "%s" and throws the answer body', async (status, logged) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await fetchJson(`${base}/${status}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, body: `answer ${status}` });
    expect(log).toHaveBeenCalledExactlyOnceWith(logged);
  });
});
