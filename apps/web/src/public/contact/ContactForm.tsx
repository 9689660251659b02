import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { LIMITS, contactSchema, type ContactFields, type ContactInput } from '@newsroom/contract';
import { useCreateContact } from '../api/create-contact.ts';

export const CONTACT_SUCCESS = 'Thank you! Your message has been sent.';

const EMPTY: ContactInput = { fullName: '', email: '', phone: '', message: '' };

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-red-700 focus:ring-2 focus:ring-red-700/30 focus:outline-none aria-invalid:border-red-600';

function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error.message}
    </p>
  );
}

/** The contact form: the server's own rules and messages, cleared and thanked on success. */
export function ContactForm() {
  const mutation = useCreateContact();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFields, unknown, ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    try {
      await mutation.mutateAsync(values);
      reset(EMPTY);
      setSent(true);
    } catch {
      // The mutation keeps the error; it is shown below the button.
    }
  });

  const described = (name: keyof ContactInput) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Contact form">
      <div>
        <label htmlFor="fullName" className="text-sm font-semibold text-slate-800">
          Full name
        </label>
        <input
          id="fullName"
          autoComplete="name"
          className={inputClass}
          {...register('fullName')}
          {...described('fullName')}
        />
        <FieldMessage id="fullName-error" error={errors.fullName} />
      </div>
      <div>
        <label htmlFor="email" className="text-sm font-semibold text-slate-800">
          Email
        </label>
        <input
          id="email"
          type="email"
          autoComplete="email"
          className={inputClass}
          {...register('email')}
          {...described('email')}
        />
        <FieldMessage id="email-error" error={errors.email} />
      </div>
      <div>
        <label htmlFor="phone" className="text-sm font-semibold text-slate-800">
          Phone
        </label>
        <input
          id="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={LIMITS.phone.max}
          className={inputClass}
          {...register('phone')}
          {...described('phone')}
        />
        <FieldMessage id="phone-error" error={errors.phone} />
      </div>
      <div>
        <label htmlFor="message" className="text-sm font-semibold text-slate-800">
          Message
        </label>
        <textarea
          id="message"
          rows={5}
          className={inputClass}
          {...register('message')}
          {...described('message')}
        />
        <FieldMessage id="message-error" error={errors.message} />
      </div>
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded-full bg-red-700 px-6 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
      >
        {isSubmitting ? 'Sending…' : 'Send message'}
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
