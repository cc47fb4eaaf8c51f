import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.ts';
import { waitUntil } from './wait.ts';

/** Debian's Radicale (apt-get install radicale), a real CalDAV server (RFC 4791). */
export const radicaleCommand = process.env.RADICALE_PATH ?? '/usr/bin/radicale';

export interface Radicale {
  /** The server's root, e.g. http://127.0.0.1:PORT/ */
  url: string;
  username: string;
  password: string;
  /** Makes a new, empty calendar collection (MKCALENDAR) and answers its URL, ending in a slash. */
  makeCalendar(name: string): Promise<string>;
  /** Stores one iCalendar object (a VCALENDAR) in a calendar under a file name ending .ics. */
  putEvent(calendarUrl: string, fileName: string, ics: string): Promise<void>;
  /** Every object a calendar holds, as iCalendar text, by its file name. */
  objects(calendarUrl: string): Promise<Map<string, string>>;
  stop(): Promise<void>;
}

/**
 * Starts Radicale on a free loopback port with a throwaway folder and one user (plain-text htpasswd),
 * and waits until it answers.
 */
export async function startRadicale(): Promise<Radicale> {
  const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-radicale-'));
  const port = await freePort();
  const username = 'ann';
  const password = 'radicale-test-password';
  writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`);
  writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(radicaleCommand, ['--config', path.join(dir, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const url = `http://127.0.0.1:${port}/`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const request = (target: string, init: RequestInit = {}) =>
    fetch(target, { ...init, headers: { authorization, ...(init.headers ?? {}) } });
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`Radicale exited: ${errors}`);
      return fetch(url).then(
        () => true,
        () => false,
      );
    },
    { timeoutMs: 15_000, what: () => `Radicale to answer on ${url}: ${errors}` },
  );

  return {
    url,
    username,
    password,
    async makeCalendar(name) {
      const calendarUrl = new URL(`${username}/${name}/`, url).href;
      const made = await request(calendarUrl, {
        method: 'MKCALENDAR',
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname></D:prop></D:set></C:mkcalendar>`,
      });
      if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}: ${await made.text()}`);
      return calendarUrl;
    },
    async putEvent(calendarUrl, fileName, ics) {
      const put = await request(new URL(fileName, calendarUrl).href, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      if (put.status >= 300) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
    },
    async objects(calendarUrl) {
      const listing = await request(calendarUrl, {
        method: 'PROPFIND',
        headers: { depth: '1', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      });
      const hrefs = [...(await listing.text()).matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g)].map(
        (match) => match[1] as string,
      );
      const found = new Map<string, string>();
      for (const href of hrefs) {
        const object = await request(new URL(href, url).href);
        found.set(decodeURIComponent(href.split('/').at(-1) as string), await object.text());
      }
      return found;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
