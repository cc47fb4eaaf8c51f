import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import type { MailMessage } from './message.ts';

export interface OutgoingMail {
  /** Stable across retries, so a receiver can tell a re-send from a new message. */
  messageId: string;
  message: MailMessage;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function toNodemailer(from: string, { messageId, message }: OutgoingMail): SendMailOptions {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId,
    headers: message.headers,
    icalEvent: message.calendar
      ? { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content }
      : undefined,
    attachments: message.attachments,
  };
}

/** Sends over SMTP; timeouts are bounded so a hung server cannot hold a lease for long. */
export function smtpTransport(url: string, from: string): MailTransport {
  const timeouts: SMTPTransport.Options = {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(url, timeouts);
  return {
    async send(mail) {
      await transporter.sendMail(toNodemailer(from, mail));
    },
    close: () => transporter.close(),
  };
}

/** Without an SMTP server, each message becomes an .eml file and its links are logged for the developer. */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(from, mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${mail.messageId.replace(/[^\w.-]/g, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = mail.message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: mail.message.to, subject: mail.message.subject, file, links }, 'mail written to file');
    },
    close: () => transporter.close(),
  };
}
