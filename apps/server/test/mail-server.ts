import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestMailServer {
  /** SMTP_URL of the server, for createTestApp. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1, without TLS or authentication, keeping what it receives. */
export async function startMailServer(): Promise<TestMailServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The verification code in a raw message (see auth/otp-mail.ts for the wording). */
export function otpFrom(raw: string): string {
  const match = /verification code is: (\d{6})/.exec(raw);
  if (!match?.[1]) throw new Error(`no verification code in message:\n${raw}`);
  return match[1];
}

/** The last code the SMTP server received for an address. */
export function lastSmtpOtp(server: TestMailServer, to: string): string {
  const mail = server.messages.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail was delivered to ${to}`);
  return otpFrom(mail.raw);
}

/** Every .eml file of DATA_DIR/outbox, oldest first, as text. */
export async function outboxMessages(dataDir: string): Promise<{ file: string; raw: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    files.map(async (file) => ({ file, raw: await fs.readFile(path.join(dir, file), 'utf8') })),
  );
}

/** The last code saved to the outbox for an address. */
export async function lastOutboxOtp(dataDir: string, to: string): Promise<string> {
  const mail = (await outboxMessages(dataDir)).filter((m) => m.raw.includes(`To: ${to}`)).at(-1);
  if (!mail) throw new Error(`no mail for ${to} in the outbox`);
  return otpFrom(mail.raw);
}
