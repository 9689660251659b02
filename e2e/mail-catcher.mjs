// The browser tests' mail server: a real SMTP server the site sends its mail to (SMTP_URL), and a
// small HTTP reader of what it received, for the tests to follow links and read codes as a
// person reads their mail. Started by playwright.config.ts beside the site; 127.0.0.1 only.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAIL_PORT);
/** What was received, oldest first: { to: [address], raw }. */
const messages = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

// GET /health; GET /messages?to=address → the messages to that address, newest first.
http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mail');
    if (url.pathname === '/health') return response.end('ok');
    if (url.pathname !== '/messages') {
      response.statusCode = 404;
      return response.end();
    }
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    const found = messages.filter((message) => message.to.includes(to)).reverse();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(found));
  })
  .listen(httpPort, '127.0.0.1');
