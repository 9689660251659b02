import type { ChangePasswordInput, EmailChangeInput, Me } from '@newsroom/contract';
import { api } from '../../lib/api.ts';

/** `PUT /auth/me`: the profile as a multipart form (the picture in `picture`). */
export const saveProfile = (form: FormData) => api<Me>('/auth/me', { method: 'PUT', body: form });

/** Mails a code to the new address; nothing changes until it is given back. */
export const requestEmailChange = (body: EmailChangeInput) =>
  api<{ email: string }>('/auth/me/email', { method: 'POST', body });

export const confirmEmailChange = (code: string) =>
  api<{ email: string }>('/auth/me/email/verify', { method: 'POST', body: { code } });

export const changePassword = (body: ChangePasswordInput) =>
  api<null>('/auth/change-password', { method: 'POST', body });

/** The profile form's fields as the server takes them; `links` one address a line. */
export interface ProfileFields {
  name: string;
  bio: string;
  links: string;
  picture: File | null;
  removePicture: boolean;
}

export function profileFormData(fields: ProfileFields): FormData {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('bio', fields.bio);
  form.set('links', JSON.stringify(linesOf(fields.links)));
  if (fields.picture) form.set('picture', fields.picture);
  else if (fields.removePicture) form.set('removePicture', 'true');
  return form;
}

/** The non-blank lines of a text area. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
