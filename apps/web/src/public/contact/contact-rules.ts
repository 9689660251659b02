import { contactSchema, type ContactInput } from '@newsroom/contract';

export type ContactErrors = Partial<Record<keyof ContactInput, string>>;

export type ContactCheck = { ok: true; input: ContactInput } | { ok: false; errors: ContactErrors };

/** Checks the form with the very schema the server validates with: one message per field. */
export function checkContact(values: ContactInput): ContactCheck {
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, input: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
