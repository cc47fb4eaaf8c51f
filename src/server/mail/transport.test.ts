import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterEach, expect, it } from 'vitest';
import { systemClock } from '../time/clock.ts';
import { fileTransport, smtpTransport } from './transport.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'practice-site-eml-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const token = 'Zt4qP9xW2mK7bR5nL8vC3jH6gF1sD0aY-Ee_Uu4Ii9o'; // 43 characters, as newToken makes them
const confirmation = {
  messageId: '<outbox-1-1@test.invalid>',
  message: {
    to: 'visitor@example.com',
    subject: 'Please confirm your subscription',
    text: `Confirm here: http://localhost:3000/subscribe/confirm?token=${token}\nOr stop: http://localhost:3000/unsubscribe?token=${token}x\nTheir website: https://visitor.example/about`,
    calendar: { method: 'REQUEST' as const, content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
  },
};

const capturedLog = () => {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) };
};

it('writes each email as an .eml file and, in development, logs where the site’s links lead without their tokens, and no other link', async () => {
  const { lines, log } = capturedLog();
  const transport = fileTransport(dir, () => 'Fenwick & Hale <hello@fenwickhale.co.uk>', log, {
    logLinksTo: 'http://localhost:3000',
    now: systemClock,
  });
  await transport.send(confirmation);
  const [file] = readdirSync(dir);
  expect(file).toMatch(/\.eml$/);
  const email = await PostalMime.parse(readFileSync(path.join(dir, file as string)));
  expect(email.subject).toBe('Please confirm your subscription');
  expect(email.to?.[0]?.address).toBe('visitor@example.com');
  expect(
    email.attachments.some((a) => a.mimeType === 'text/calendar' || a.mimeType === 'application/ics'),
  ).toBe(true);
  const logged = JSON.parse(lines.find((line) => line.includes('mail written to file')) as string);
  expect(logged.links).toEqual([
    'http://localhost:3000/subscribe/confirm?token=[redacted]',
    'http://localhost:3000/unsubscribe?token=[redacted]',
  ]);
  expect(lines.join('\n')).not.toContain(token);
  expect(lines.join('\n')).not.toContain('visitor.example');
  // The working link is in the file the line names, for the developer to open.
  expect(logged.file).toBe(path.join(dir, file as string));
  expect(email.text).toContain(`http://localhost:3000/subscribe/confirm?token=${token}`);
});

it('logs only the file, never the links, recipient or subject, outside development', async () => {
  const { lines, log } = capturedLog();
  const transport = fileTransport(dir, () => 'Fenwick & Hale <hello@fenwickhale.co.uk>', log, {
    logLinksTo: undefined,
    now: systemClock,
  });
  await transport.send(confirmation);
  const [file] = readdirSync(dir);
  expect(lines).toHaveLength(1);
  const logged = JSON.parse(lines[0] as string);
  expect(logged).toMatchObject({ msg: 'mail written to file', file: path.join(dir, file as string) });
  for (const secret of [token, 'visitor', 'example.com', 'confirm your subscription']) {
    expect(lines[0]).not.toContain(secret);
  }
});

it('keeps the files, whose links work as passwords, to the site’s own user', async () => {
  const previous = process.umask(0o022);
  try {
    const mailDir = path.join(dir, 'mail');
    const transport = fileTransport(mailDir, () => 'hello@fenwickhale.co.uk', capturedLog().log, {
      logLinksTo: undefined,
      now: systemClock,
    });
    await transport.send(confirmation);
    const [file] = readdirSync(mailDir);
    expect(statSync(mailDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(mailDir, file as string)).mode & 0o777).toBe(0o600);
  } finally {
    process.umask(previous);
  }
});

it('gives up on an SMTP server that accepts the connection but never greets, within the bounded time', async () => {
  const silent = net.createServer(() => {}); // holds every connection open and says nothing
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  const transport = smtpTransport(`smtp://127.0.0.1:${port}`, () => 'hello@fenwickhale.co.uk', {
    connectionTimeout: 200,
    greetingTimeout: 200,
    socketTimeout: 200,
  });
  const started = Date.now();
  await expect(
    transport.send({
      messageId: '<outbox-1-1@test.invalid>',
      message: { to: 'visitor@example.com', subject: 'Hello', text: 'Hello' },
    }),
  ).rejects.toThrow(/greeting|timeout/i);
  expect(Date.now() - started).toBeLessThan(5000);
  transport.close();
  silent.close();
  silent.unref();
});
