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
    '223.255.255.255',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '2001:1::1',
    '2002:808:808::1',
    '64:ff9a::1',
    '64:ff9b:2::1',
    'fe00::1',
  ])
    expect(isPrivateAddress(ip), ip).toBe(false);
});

it('knows NAT64, Teredo, multicast and IPv4-compatible addresses, whatever they carry', () => {
  for (const ip of [
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::1',
    '64:ff9b:1:ffff::10.0.0.1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    'ff02::1',
    'ff05::1:3',
    '::127.0.0.1',
    '::8.8.8.8',
  ])
    expect(isPrivateAddress(ip), ip).toBe(true);
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
    'http://[64:ff9b:1::a00:1]/x',
    'http://[2001:0:4136:e378::1]/x',
    'http://[ff02::1]/x',
    'http://224.0.0.251/x',
  ])
    expect(namesPrivateHost(url), url).toBe(true);
  expect(namesPrivateHost('https://outlook.office365.com/owa/calendar/x/calendar.ics')).toBe(false);
});

it('asks DNS for a host name, and counts a name that resolves to a private address as private', async () => {
  expect(await reachesPrivateHost('http://localhost:8080/cal.ics')).toBe(true);
  const answers = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];
  expect(await reachesPrivateHost('https://cal.example/x', answers('ff02::1'))).toBe(true);
  expect(await reachesPrivateHost('https://cal.example/x', answers('64:ff9b::a9fe:a9fe'))).toBe(true);
  expect(await reachesPrivateHost('https://cal.example/x', answers('93.184.216.34'))).toBe(false);
  expect(await reachesPrivateHost('https://8.8.8.8/cal.ics')).toBe(false);
  // Not found: the read itself says the server could not be reached.
  expect(await reachesPrivateHost('https://no-such-host.invalid/cal.ics')).toBe(false);
});
