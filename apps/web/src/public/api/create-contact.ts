import { useMutation } from '@tanstack/react-query';
import type { ContactDto, ContactInput } from '@newsroom/contract';
import { api } from '../../lib/api.ts';

/** POST /contact/create: sends a visitor's message to the admins' contact list. */
export async function createContact(input: ContactInput): Promise<ContactDto> {
  return (await api<ContactDto>('/contact/create', { method: 'POST', body: input })).data;
}

export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
