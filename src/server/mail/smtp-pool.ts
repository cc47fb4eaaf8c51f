import { isTransientError } from 'nodemailer/lib/errors';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

// Sends drawn emails over a few SMTP connections kept open. Nodemailer's own pool takes a message object
// and makes it again on the way (normalising its headers, parsing its addresses once more, and streaming
// the finished bytes through a pipeline of transforms), which cost a tenth of an enquiry's CPU for an
// email the site had already drawn whole (mime.ts). Its SMTPConnection speaks the protocol (STARTTLS,
// login, timeouts, replies and their codes); this keeps the connections.

export interface SmtpPoolOptions {
  maxConnections: number;
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

export interface Envelope {
  from: string;
  to: string[];
}

/** How many messages a connection carries before it is closed and another opened, as nodemailer's pool. */
const messagesPerConnection = 100;
/**
 * A connection unused this long is closed (QUIT): a server, or a NAT between, drops idle ones anyway. At
 * most half the socket timeout, which would otherwise cut an idle connection without a word first.
 */
const idleCloseMs = (socketTimeout: number) => Math.min(60_000, socketTimeout / 2);

interface Connection {
  smtp: SMTPConnection;
  /** False once it closed or failed: it is never handed out again. */
  usable: boolean;
  sent: number;
  idleTimer?: NodeJS.Timeout;
}

export function smtpPool(url: string, { maxConnections, ...timeouts }: SmtpPoolOptions) {
  const { auth, ...settings } = parseConnectionUrl(url);
  const options = { ...settings, ...timeouts };
  const idle: Connection[] = [];
  const waiting: ((connection: Promise<Connection>) => void)[] = [];
  let open = 0;
  let closed = false;

  /** Connects and logs in (when the address carries credentials), counted in `open` until it ends. */
  function connect(): Promise<Connection> {
    open += 1;
    const smtp = new SMTPConnection(options);
    const connection: Connection = { smtp, usable: true, sent: 0 };
    const end = () => {
      if (!connection.usable) return;
      connection.usable = false;
      clearTimeout(connection.idleTimer);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      open -= 1;
      // A send waiting for a free connection gets a new one in its place.
      const next = waiting.shift();
      if (next) next(connect());
    };
    return new Promise((resolve, reject) => {
      // Every error ends the connection; one during a send also fails that send, through its callback.
      smtp.on('error', (error) => {
        end();
        reject(error);
        smtp.close();
      });
      smtp.once('end', end);
      smtp.connect((error) => {
        if (error) {
          end();
          smtp.close();
          return reject(error);
        }
        if (!auth?.user) return resolve(connection);
        smtp.login({ user: auth.user, pass: auth.pass }, (error) => {
          if (!error) return resolve(connection);
          end();
          smtp.close();
          reject(error);
        });
      });
    });
  }

  function acquire(): Promise<Connection> {
    if (closed) return Promise.reject(new Error('the mail transport is closed'));
    const ready = idle.pop();
    if (ready) {
      clearTimeout(ready.idleTimer);
      return Promise.resolve(ready);
    }
    if (open < maxConnections) return connect();
    return new Promise((resolve) => waiting.push((connection) => resolve(connection)));
  }

  function release(connection: Connection) {
    if (!connection.usable) return;
    if (closed || connection.sent >= messagesPerConnection) {
      connection.smtp.quit();
      return;
    }
    const next = waiting.shift();
    if (next) return next(Promise.resolve(connection));
    connection.idleTimer = setTimeout(
      () => connection.smtp.quit(),
      idleCloseMs(timeouts.socketTimeout),
    ).unref();
    idle.push(connection);
  }

  function sendOn(connection: Connection, envelope: Envelope, raw: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      // A copy each time: SMTPConnection keeps what each recipient answered on the envelope it is given.
      connection.smtp.send({ from: envelope.from, to: [...envelope.to] }, raw, (error) => {
        if (!error) {
          connection.sent += 1;
          return resolve();
        }
        // After a refusal the session may be mid-transaction: the connection is not used again.
        connection.smtp.close();
        reject(error);
      });
    });
  }

  return {
    /**
     * Sends `raw` (a whole RFC 5322 message with CRLF line ends) to `envelope`'s recipients. A connection
     * kept open that the server had closed meanwhile is replaced, and the message sent on the new one.
     */
    async send(envelope: Envelope, raw: Buffer): Promise<void> {
      const connection = await acquire();
      const reused = connection.sent > 0;
      try {
        await sendOn(connection, envelope, raw);
      } catch (error) {
        if (!(reused && isTransientError(error as { code?: string; responseCode?: number }))) throw error;
        const fresh = await acquire();
        await sendOn(fresh, envelope, raw);
        release(fresh);
        return;
      }
      release(connection);
    },
    /** Connects and logs in, and leaves: rejects saying why the server would not take mail. */
    async verify(): Promise<void> {
      const { smtp } = await connect();
      smtp.quit();
    },
    close() {
      closed = true;
      for (const connection of idle.splice(0)) connection.smtp.quit();
      for (const next of waiting.splice(0)) next(Promise.reject(new Error('the mail transport is closed')));
    },
  };
}
