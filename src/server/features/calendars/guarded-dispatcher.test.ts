import type { LookupAddress } from 'node:dns';
import { expect, it } from 'vitest';
import { PrivateHostRefused, publicOnlyLookup } from './guarded-dispatcher.ts';
import type { HostLookup } from './private-hosts.ts';

const answering =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** What net.connect would be told, asked as it asks (with all: true by default since Node 20). */
function ask(resolve: HostLookup, options: { all?: boolean; family?: number }) {
  return new Promise<{ error: unknown; address: string | LookupAddress[]; family?: number }>((done) =>
    publicOnlyLookup(resolve)('calendar.example', options as never, (error, address, family) =>
      done({ error, address, ...(family !== undefined && { family }) }),
    ),
  );
}

it('hands the socket the public addresses a name has, in either of the forms net.connect asks for', async () => {
  const resolve = answering('93.184.216.34', '2606:2800:220:1::1');
  expect(await ask(resolve, { all: true })).toEqual({
    error: null,
    address: [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ],
  });
  expect(await ask(resolve, {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  expect(await ask(resolve, { family: 6 })).toEqual({
    error: null,
    address: '2606:2800:220:1::1',
    family: 6,
  });
});

it('refuses a name with any private address among its answers', async () => {
  for (const resolve of [
    answering('93.184.216.34', '127.0.0.1'),
    answering('64:ff9b::a00:1'),
    answering('ff02::1'),
  ])
    expect((await ask(resolve, { all: true })).error).toBeInstanceOf(PrivateHostRefused);
  const none = await ask(answering('93.184.216.34'), { family: 6 });
  expect(none.error).not.toBeInstanceOf(PrivateHostRefused);
  expect(none.error).toMatchObject({ code: 'ENOTFOUND' });
});
