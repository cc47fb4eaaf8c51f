import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: Email;
}

export interface SmtpBehaviour {
  /** Refuses mail to these recipients for good (550), as a mail server refuses an unknown mailbox. */
  refuse?: (to: string) => boolean;
  /**
   * Once this many messages were accepted, takes in further messages without replying to them (so the
   * sender cannot know whether they arrived) until `dropHeld`: a crash test's way to pick the moment.
   */
  holdAfter?: number;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** The messages waiting for a reply, as received (see holdAfter). */
  held(): string[];
  /** Forgets the held messages without accepting them, and holds no more. */
  dropHeld(): void;
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives. Pass a port to come back on the same one. */
export async function startSmtpServer(port = 0, behaviour: SmtpBehaviour = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let holdAfter = behaviour.holdAfter ?? Number.POSITIVE_INFINITY;
  let held: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 100, // on stop, drop connections a client keeps open (a pooled transport does)
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!behaviour.refuse?.(address.address)) return callback();
      const refused = Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 });
      callback(refused);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (messages.length >= holdAfter) {
          held.push(raw); // no reply: the message is neither accepted nor refused
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await PostalMime.parse(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A client cut off mid-conversation (a site a crash test kills, with several pooled connections
  // open) is what some tests do on purpose; without a listener the server would throw it.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    held: () => held,
    dropHeld() {
      held = [];
      holdAfter = Number.POSITIVE_INFINITY;
    },
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` carrying a token in an email's text, as the recipient would click it. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const link = mail.parsed.text?.match(new RegExp(`http://\\S+${path}\\?token=[\\w%-]+`))?.[0];
  if (!link) throw new Error(`No ${path} link in:\n${mail.parsed.text}`);
  return link;
}
