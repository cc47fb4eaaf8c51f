import net, { type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';
import { smtpPool } from './smtp-pool.ts';

// The site's own pool of SMTP connections (smtp-pool.ts), against a real SMTP server on loopback.

interface Server {
  url: (auth?: string) => string;
  /** The recipients of each message accepted, in order. */
  accepted: string[];
  /** How many connections the server has taken. */
  connections: number;
  /** Resolves when the server has closed `count` connections in all. */
  closed(count: number): Promise<void>;
  stop(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function startServer(options: Partial<SMTPServerOptions> = {}): Promise<Server> {
  const accepted: string[] = [];
  let connections = 0;
  let closes = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onClose() {
      closes += 1;
      for (const waiter of waiters.filter((w) => w.count <= closes)) waiter.resolve();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
    ...options,
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const started: Server = {
    url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    accepted,
    get connections() {
      return connections;
    },
    closed: (count) =>
      count <= closes ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(started);
  return started;
}

const envelope = (to: string) => ({ from: 'hello@fenwickhale.co.uk', to: [to] });
const raw = (to: string) =>
  Buffer.from(
    `From: hello@fenwickhale.co.uk\r\nTo: ${to}\r\nSubject: Hello\r\n\r\nHello\r\n.dot at the start\r\n`,
  );
const timeouts = { connectionTimeout: 2000, greetingTimeout: 2000, socketTimeout: 2000 };

it('sends on a connection kept open, and on a new one after the server closed it', async () => {
  // The server closes a connection idle for a fifth of a second, as servers do after some minutes.
  const server = await startServer({ socketTimeout: 200 });
  const pool = smtpPool(server.url(), { maxConnections: 1, ...timeouts });
  await pool.send(envelope('ann@example.com'), raw('ann@example.com'));
  await pool.send(envelope('bob@example.com'), raw('bob@example.com'));
  expect(server.connections).toBe(1);
  await server.closed(1);
  await pool.send(envelope('cat@example.com'), raw('cat@example.com'));
  expect(server.accepted).toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
  expect(server.connections).toBe(2);
  pool.close();
});

it('sends again on a new connection when one kept open turns out closed (421), and only once', async () => {
  let refusedOnce = false;
  const server = await startServer({
    onMailFrom(_address, session, callback) {
      // The second message on the first connection meets a server closing it.
      if (!refusedOnce && session.transaction === 2) {
        refusedOnce = true;
        return callback(Object.assign(new Error('Closing connection'), { responseCode: 421 }));
      }
      callback();
    },
  });
  const pool = smtpPool(server.url(), { maxConnections: 1, ...timeouts });
  await pool.send(envelope('ann@example.com'), raw('ann@example.com'));
  await pool.send(envelope('bob@example.com'), raw('bob@example.com'));
  expect(refusedOnce).toBe(true);
  expect(server.accepted).toEqual(['ann@example.com', 'bob@example.com']);
  pool.close();
});

it('fails a refused recipient with its code and command, and sends the next message', async () => {
  const server = await startServer({
    onRcptTo(address, _session, callback) {
      if (address.address === 'gone@example.com') {
        return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      }
      callback();
    },
  });
  const pool = smtpPool(server.url(), { maxConnections: 1, ...timeouts });
  await expect(pool.send(envelope('gone@example.com'), raw('gone@example.com'))).rejects.toMatchObject({
    responseCode: 550,
    command: 'RCPT TO',
  });
  await pool.send(envelope('ann@example.com'), raw('ann@example.com'));
  expect(server.accepted).toEqual(['ann@example.com']);
  pool.close();
});

it('logs in with the address’s credentials, and says why when the server refuses them', async () => {
  const server = await startServer({
    authOptional: false,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'site' && auth.password === 'p@ss word') return callback(null, { user: 'site' });
      callback(new Error('Invalid credentials'));
    },
  });
  const good = smtpPool(server.url('site:p%40ss%20word'), { maxConnections: 1, ...timeouts });
  await good.verify();
  await good.send(envelope('ann@example.com'), raw('ann@example.com'));
  expect(server.accepted).toEqual(['ann@example.com']);
  good.close();
  const bad = smtpPool(server.url('site:wrong'), { maxConnections: 1, ...timeouts });
  await expect(bad.verify()).rejects.toThrow(/Invalid login|credentials/i);
  await expect(bad.send(envelope('bob@example.com'), raw('bob@example.com'))).rejects.toThrow();
  expect(server.accepted).toEqual(['ann@example.com']);
  bad.close();
});

it('upgrades to TLS when the server offers STARTTLS, before it logs in', async () => {
  const secured: boolean[] = [];
  const server = await startServer({
    // smtp-server's own certificate, which the address below tells the client to accept.
    disabledCommands: [],
    authOptional: false,
    onAuth(auth, session, callback) {
      secured.push(session.secure);
      if (auth.username === 'site' && auth.password === 'secret') return callback(null, { user: 'site' });
      callback(new Error('Invalid credentials'));
    },
  });
  const url = `${server.url('site:secret')}?tls.rejectUnauthorized=false`;
  const pool = smtpPool(url, { maxConnections: 1, ...timeouts });
  await pool.send(envelope('ann@example.com'), raw('ann@example.com'));
  expect(secured).toEqual([true]);
  expect(server.accepted).toEqual(['ann@example.com']);
  pool.close();
});

it('keeps at most maxConnections open, and each message goes once', async () => {
  let open = 0;
  let peak = 0;
  const server = await startServer({
    onConnect(_session, callback) {
      open += 1;
      peak = Math.max(peak, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
  });
  const pool = smtpPool(server.url(), { maxConnections: 3, ...timeouts });
  const recipients = Array.from({ length: 40 }, (_, n) => `reader${n}@example.com`);
  await Promise.all(recipients.map((to) => pool.send(envelope(to), raw(to))));
  expect(peak).toBe(3);
  expect(server.accepted.toSorted()).toEqual(recipients.toSorted());
  pool.close();
});

it('says QUIT to a connection it no longer needs, before the socket timeout would cut it', async () => {
  // A mail server that records every command it is sent.
  const commands: string[] = [];
  let quitSeen: () => void = () => {};
  const quit = new Promise<void>((resolve) => {
    quitSeen = resolve;
  });
  const server = net.createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    let inData = false;
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 Accepted\r\n');
          }
          continue;
        }
        const command = line.split(' ')[0]?.toUpperCase() ?? '';
        commands.push(command);
        if (command === 'DATA') {
          inData = true;
          socket.write('354 Go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 Bye\r\n');
          quitSeen();
        } else {
          socket.write('250 OK\r\n');
        }
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const pool = smtpPool(`smtp://127.0.0.1:${port}`, { ...timeouts, maxConnections: 1, socketTimeout: 600 });
  await pool.send(envelope('ann@example.com'), raw('ann@example.com'));
  await quit;
  expect(commands).toEqual(['EHLO', 'MAIL', 'RCPT', 'DATA', 'QUIT']);
  pool.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
