import { useState, type ChangeEvent, type FormEvent } from 'react';
import { LIMITS, type ContactInput } from '@newsroom/contract';
import { useCreateContact } from '../api/create-contact.ts';
import type { ContactErrors } from './contact-rules.ts';

export const CONTACT_SUCCESS = 'Thank you! Your message has been sent.';

const EMPTY: ContactInput = { fullName: '', email: '', phone: '', message: '' };

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-red-700 focus:ring-2 focus:ring-red-700/30 focus:outline-none aria-invalid:border-red-600';

/**
 * The shared schema (and zod) load on the first check, not with the page, so the contact page's
 * first load stays within its budget (docs/decisions/075).
 */
async function check(values: ContactInput) {
  const { checkContact } = await import('./contact-rules.ts');
  return checkContact(values);
}

function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/**
 * The contact form: the server's own rules and messages, checked on send and, once a send was
 * refused, again as the reader corrects a field; cleared and thanked on success.
 */
export function ContactForm() {
  const mutation = useCreateContact();
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (checked) void check(next).then((result) => setErrors(result.ok ? {} : result.errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    setSending(true);
    try {
      const result = await check(values);
      setChecked(true);
      setErrors(result.ok ? {} : result.errors);
      if (!result.ok) return;
      await mutation.mutateAsync(result.input);
      setValues(EMPTY);
      setChecked(false);
      setSent(true);
    } catch {
      // The mutation keeps the error; it is shown below the button.
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof ContactInput) => ({
    id: name,
    name,
    value: values[name],
    onChange,
    className: inputClass,
    ...(errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {}),
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-label="Contact form"
    >
      <div>
        <label htmlFor="fullName" className="text-sm font-semibold text-slate-800">
          Full name
        </label>
        <input autoComplete="name" {...field('fullName')} />
        <FieldMessage id="fullName-error" error={errors.fullName} />
      </div>
      <div>
        <label htmlFor="email" className="text-sm font-semibold text-slate-800">
          Email
        </label>
        <input type="email" autoComplete="email" {...field('email')} />
        <FieldMessage id="email-error" error={errors.email} />
      </div>
      <div>
        <label htmlFor="phone" className="text-sm font-semibold text-slate-800">
          Phone
        </label>
        <input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={LIMITS.phone.max}
          {...field('phone')}
        />
        <FieldMessage id="phone-error" error={errors.phone} />
      </div>
      <div>
        <label htmlFor="message" className="text-sm font-semibold text-slate-800">
          Message
        </label>
        <textarea rows={5} {...field('message')} />
        <FieldMessage id="message-error" error={errors.message} />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
      >
        {sending ? 'Sending…' : 'Send message'}
      </button>
      <div aria-live="polite">
        {sent && (
          <p role="status" className="rounded-lg bg-green-50 px-4 py-3 font-medium text-green-800">
            {CONTACT_SUCCESS}
          </p>
        )}
        {mutation.isError && !sent && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
            {mutation.error.message}
          </p>
        )}
      </div>
    </form>
  );
}
