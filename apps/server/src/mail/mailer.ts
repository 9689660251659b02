import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Text made safe to put in a message's HTML part. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Sends e-mail. The only thing the rest of the server knows about mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The logging calls the mailer makes; Fastify's and pino's loggers both fit. */
export interface MailLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it every message is saved to `dataDir/outbox`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  logger: MailLogger;
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createMailer(options: MailerOptions): Mailer {
  const mailer = options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.mailFrom)
    : new OutboxMailer(options);
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        options.logger.error({ err: error, to: message.to }, 'mail delivery failed');
        throw error;
      }
    },
  };
}

/** Delivers through an SMTP server. */
class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/** Writes each message as an .eml file under DATA_DIR/outbox and logs where it went. */
class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  private readonly dir: string;

  constructor(private readonly options: MailerOptions) {
    this.dir = path.join(options.dataDir, 'outbox');
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.options.mailFrom, ...message });
    const raw = Buffer.isBuffer(info.message) ? info.message : await readAll(info.message);
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, raw, { mode: 0o600 });
    this.options.logger.info(
      { to: message.to, subject: message.subject, file },
      `mail saved to ${file} (no SMTP_URL configured)`,
    );
  }
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
