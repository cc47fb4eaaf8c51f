import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startTestApp } from '#tests/support/app.ts';

// A stop (SIGTERM, a restart) never waits on a client: a connection still sending its request, or never
// reading its answer, is cut a few seconds after the site starts closing.
it('closes within seconds though a client holds a connection open mid-request', async () => {
  const site = await startTestApp({ firm: 'none' });
  const { port } = new URL(site.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  // Headers begun and never finished: the server waits for the rest.
  socket.write('GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const started = Date.now();
  await site.close();
  await closed;
  expect(Date.now() - started).toBeLessThan(8_000);
});
