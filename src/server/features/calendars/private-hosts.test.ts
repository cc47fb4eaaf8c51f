import { expect, it } from 'vitest';
import { isPrivateAddress, namesPrivateHost, reachesPrivateHost } from './private-hosts.ts';

it('knows loopback, private, link-local and unspecified addresses, in IPv4 and IPv6', () => {
  for (const ip of [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '198.18.0.1',
    '198.19.255.255',
    '240.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
  ])
    expect(isPrivateAddress(ip), ip).toBe(true);
  for (const ip of [
    '93.184.216.34',
    '172.32.0.1',
    '8.8.8.8',
    '2606:4700::1111',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])
    expect(isPrivateAddress(ip), ip).toBe(false);
});

it('sees through the ways an address may write a private host', () => {
  for (const url of [
    'http://2130706433/cal.ics',
    'http://0x7f.1/cal.ics',
    'http://[::1]:5232/ann/',
    'http://[::ffff:127.0.0.1]/cal.ics',
    'http://0/cal.ics',
    'http://LOCALHOST/cal.ics',
    'http://calendar.localhost/cal.ics',
    'http://localhost.:3301/cal.ics',
    'http://[64:ff9b::7f00:1]/x',
    'http://[2002:7f00:1::]/x',
  ])
    expect(namesPrivateHost(url), url).toBe(true);
  expect(namesPrivateHost('https://outlook.office365.com/owa/calendar/x/calendar.ics')).toBe(false);
});

it('asks DNS for a host name, and counts a name that resolves to a private address as private', async () => {
  expect(await reachesPrivateHost('http://localhost:8080/cal.ics')).toBe(true);
  expect(await reachesPrivateHost('https://8.8.8.8/cal.ics')).toBe(false);
  // Not found: the read itself says the server could not be reached.
  expect(await reachesPrivateHost('https://no-such-host.invalid/cal.ics')).toBe(false);
});
