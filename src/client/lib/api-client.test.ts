import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoint, formAnswerSchema } from '#shared/api/endpoint.ts';
import { z } from '#shared/zod.ts';
import { ApiError, call, send, sendForm, sendForText } from './api-client.ts';

// A real HTTP server: /echo/:id answers what it was sent; /status/:code answers that status, with the
// site's answer shape when asked for /status/:code/shaped; /odd/:code/empty and /odd/:code/html answer a
// 2xx with an empty body or a page.
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const [, kind, value, shaped] = url.pathname.split('/');
      if (kind === 'echo') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            method: request.method,
            id: value,
            query: url.search,
            body,
            type: request.headers['content-type'] ?? null,
          }),
        );
        return;
      }
      if (kind === 'odd') {
        // A 2xx whose body is empty, or not JSON (a proxy's page, a plain "OK").
        const status = Number(value);
        if (shaped === 'empty') response.writeHead(status).end();
        else response.writeHead(status, { 'content-type': 'text/html' }).end('<p>OK</p>');
        return;
      }
      if (kind === 'failed') {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            success: false,
            infoMessages: [],
            errorMessages: ['Something went wrong on our side.'],
            requestId: 'k3Tq9_xW2mZb',
          }),
        );
        return;
      }
      const status = Number(value);
      response.writeHead(status, { 'content-type': shaped ? 'application/json' : 'text/plain' });
      response.end(
        shaped
          ? JSON.stringify({
              success: false,
              infoMessages: [],
              errorMessages: ['First problem', 'Second problem'],
            })
          : `answer ${status}`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => vi.restoreAllMocks());

const echo = endpoint({
  method: 'POST',
  path: '/echo/:id',
  access: 'public',
  tag: 'Test',
  summary: 'Echo',
  params: z.object({ id: z.string() }),
  query: z.object({ page: z.string().optional(), q: z.string().optional() }),
  body: z.object({ emailAddress: z.string() }),
  answers: { 200: z.object({ method: z.string(), id: z.string(), query: z.string(), body: z.string() }) },
});
const failing = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    access: 'public',
    tag: 'Test',
    summary: 'Fails',
    answers: { 201: formAnswerSchema },
  });

describe('the typed client', () => {
  it('puts the params in the path, the query in the query string and the body in JSON, and logs nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await call(
      echo,
      { params: { id: 'a b/c' }, query: { page: '2', q: '' }, body: { emailAddress: 'a@b.co' } },
      { origin },
    );
    expect(answer).toEqual({
      method: 'POST',
      id: 'a%20b%2Fc',
      query: '?page=2',
      body: '{"emailAddress":"a@b.co"}',
      type: 'application/json',
    });
    expect(log).not.toHaveBeenCalled();
  });

  it.each([
    [404, 'Object not found'],
    [500, 'Internal server error'],
    [503, 'Some error occured'],
    [422, 'Some error occured'],
  ])('logs a public endpoint’s %i as "%s" and throws the answer', async (status, logged) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await call(failing(`/status/${status}`), {}, { origin }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, body: `answer ${status}`, messages: [] });
    expect(log).toHaveBeenCalledExactlyOnceWith(logged);
  });

  it('reads the messages of a refusal in the site’s answer shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await call(failing('/status/422/shaped'), {}, { origin }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, messages: ['First problem', 'Second problem'] });
  });
});

describe('an endpoint where any 2xx means success (the booking, the small sign-up)', () => {
  it.each([
    [200, 'empty'],
    [204, 'empty'],
    [201, 'html'],
  ])('takes a %i with an %s body as a success, logging nothing', async (status, body) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(send(failing(`/odd/${status}/${body}`), {}, { origin })).resolves.toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });

  it('throws a non-2xx answer as call does, with its messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await send(failing('/status/409/shaped'), {}, { origin }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, messages: ['First problem', 'Second problem'] });
  });
});

describe('sending a form', () => {
  it('says "Error sending message:" then the server’s messages when it refuses, else the body', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await sendForm(failing('/status/422/shaped'), {}, { origin })).toEqual({
      sent: false,
      message: 'Error sending message: First problem Second problem',
    });
    expect(await sendForm(failing('/status/503/shaped'), {}, { origin })).toEqual({
      sent: false,
      message: 'Error sending message: First problem Second problem',
    });
    expect(await sendForm(failing('/status/500'), {}, { origin })).toEqual({
      sent: false,
      message: 'Error sending message: answer 500',
    });
    expect(await sendForm(failing('/status/500'), {}, { origin: 'http://127.0.0.1:1' })).toMatchObject({
      sent: false,
      message: expect.stringMatching(/^Error sending message: /),
    });
  });
});

describe('a failure of the site’s own', () => {
  it('shows its message and the request’s reference, for the visitor to quote', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await sendForm(failing('/failed/500'), {}, { origin })).toEqual({
      sent: false,
      message:
        'Error sending message: Something went wrong on our side. If it happens again, tell us this reference: k3Tq9_xW2mZb',
    });
  });
});

describe('sending a form whose answer is plain text', () => {
  const plain = (path: string) =>
    endpoint({
      method: 'POST',
      path,
      access: 'public',
      tag: 'Test',
      summary: 'Answers text',
      params: z.object({ id: z.string() }),
      body: z.object({ emailAddress: z.string() }),
      answers: { 200: { contentType: 'text/plain', description: 'Text' } },
    });

  it('sends the body as JSON and answers the text as it is, refused or not, logging nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = { emailAddress: 'a@b.co' };
    const echoed = JSON.parse(
      await sendForText(plain('/echo/:id'), { params: { id: 'x' }, body }, { origin }),
    );
    expect(echoed).toMatchObject({
      method: 'POST',
      id: 'x',
      body: JSON.stringify(body),
      type: 'application/json',
    });
    for (const status of [200, 403, 422]) {
      expect(
        await sendForText(plain('/status/:id'), { params: { id: String(status) }, body }, { origin }),
      ).toBe(`answer ${status}`);
    }
    expect(log).not.toHaveBeenCalled();
  });
});
