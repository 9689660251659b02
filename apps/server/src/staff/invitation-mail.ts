import type { Role } from '@newsroom/contract';
import { escapeHtml, type MailMessage } from '../mail/mailer.ts';

const ARTICLE: Record<Role, string> = {
  admin: 'an admin',
  editor: 'an editor',
  author: 'an author',
  contributor: 'a contributor',
};

/** The e-mail carrying an invitation's one-time link. */
export function invitationMail(
  to: string,
  role: Role,
  invitedBy: string,
  link: string,
  days: number,
): MailMessage {
  const line = `${invitedBy} invites you to join the Newsroom staff as ${ARTICLE[role]}.`;
  const expiry = `The link works once and for ${days} days. If you did not expect it, you can ignore this e-mail.`;
  return {
    to,
    subject: 'You are invited to the Newsroom staff',
    text: [line, '', `Accept the invitation: ${link}`, '', expiry].join('\n'),
    html: [
      `<p>${escapeHtml(line)}</p>`,
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
    ].join('\n'),
  };
}
