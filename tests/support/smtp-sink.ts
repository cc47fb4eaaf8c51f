import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  to: string;
  messageId: string;
  /** Its size as sent, in bytes. */
  bytes: number;
  /** When the sink accepted it (performance.now()). */
  at: number;
}

export interface SmtpSink {
  url: string;
  /** Every message accepted, in the order the sink accepted them. */
  accepted: SinkMail[];
  /** Every message refused by `refuse`, with its Message-ID. */
  refused: SinkMail[];
  /** The most SMTP connections that were open at once. */
  peakConnections: number;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** How long the sink waits before answering a message's data, as a distant mail server takes. */
  replyDelayMs?: number;
  /** Answers this message with a temporary refusal (451) instead of accepting it. */
  refuse?: (mail: Omit<SinkMail, 'at'>) => boolean;
}

const messageIdHeader = /^message-id:\s*(<[^>\r\n]*>)/im;

/**
 * A real SMTP server on loopback that keeps only each message's recipient and Message-ID, not its body,
 * so it can take tens of thousands of messages quickly (tests/support/smtp.ts parses every message).
 */
export async function startSmtpSink({ replyDelayMs = 0, refuse }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const sink: Omit<SmtpSink, 'url' | 'stop'> = { accepted: [], refused: [], peakConnections: 0 };
  let open = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 100,
    logger: false,
    maxClients: 1000,
    onConnect(_session, callback) {
      open += 1;
      sink.peakConnections = Math.max(sink.peakConnections, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      let head = '';
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          bytes,
          // A copy, not a slice: a slice would keep the whole head of each message alive.
          messageId: Buffer.from(messageIdHeader.exec(head)?.[1] ?? '', 'latin1').toString('latin1'),
        };
        const answer = () => {
          if (refuse?.(mail)) {
            sink.refused.push({ ...mail, at: performance.now() });
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          sink.accepted.push({ ...mail, at: performance.now() });
          callback();
        };
        if (replyDelayMs > 0) setTimeout(answer, replyDelayMs);
        else answer();
      });
    },
  });
  // A client cut off mid-conversation (a site a crash test kills, with several pooled connections
  // open) is what some tests do on purpose; without a listener the server would throw it.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
