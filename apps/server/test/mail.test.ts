import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailLogger } from '../src/mail/mailer.ts';
import { startMailServer, type TestMailServer } from './mail-server.ts';

const message = {
  to: 'reader@example.com',
  subject: 'Hello',
  text: 'Plain body',
  html: '<p>Body</p>',
};

function recordingLogger() {
  const lines: { level: string; details: object; message: string }[] = [];
  const logger: MailLogger = {
    info: (details, text) => lines.push({ level: 'info', details, message: text }),
    error: (details, text) => lines.push({ level: 'error', details, message: text }),
  };
  return { logger, lines };
}

let dataDir: string;
let smtp: TestMailServer;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-mail-'));
  smtp = await startMailServer();
});
afterAll(async () => {
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('without SMTP, writes an .eml to the outbox and logs one line naming the file', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: undefined,
      mailFrom: 'Desk <desk@news.test>',
      dataDir,
      logger,
    });
    await mailer.send(message);
    const [file] = await fs.readdir(path.join(dataDir, 'outbox'));
    const raw = await fs.readFile(path.join(dataDir, 'outbox', file ?? ''), 'utf8');
    expect(raw).toMatch(/^From: Desk <desk@news\.test>/m);
    expect(raw).toMatch(/^To: reader@example\.com/m);
    expect(raw).toContain('Plain body');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toContain(path.join(dataDir, 'outbox', file ?? ''));
  });

  it('with SMTP, delivers to the server from MAIL_FROM', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, mailFrom: 'desk@news.test', dataDir, logger });
    await mailer.send(message);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ from: 'desk@news.test', to: ['reader@example.com'] });
    expect(smtp.messages[0]?.raw).toContain('Plain body');
    expect(lines).toEqual([]);
  });

  it('logs and rejects when the SMTP server cannot be reached', async () => {
    const closed = await startMailServer();
    await closed.close();
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({
      smtpUrl: closed.url,
      mailFrom: 'desk@news.test',
      dataDir,
      logger,
    });
    await expect(mailer.send(message)).rejects.toThrow();
    expect(lines.map((l) => l.level)).toEqual(['error']);
  });
});
