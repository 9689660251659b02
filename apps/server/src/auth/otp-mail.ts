import { escapeHtml, type MailMessage } from '../mail/mailer.ts';

/** The e-mail carrying a verification code. */
export function otpMail(to: string, name: string, code: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your Newsroom verification code',
    text: [
      `Hello ${name},`,
      '',
      `Your verification code is: ${code}`,
      '',
      `It expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ].join('\n'),
    html: [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>Your verification code is: <strong style="font-size:1.4em">${code}</strong></p>`,
      `<p>It expires in ${ttlMinutes} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
    ].join('\n'),
  };
}
