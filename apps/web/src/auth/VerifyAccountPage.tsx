import { zodResolver } from '@hookform/resolvers/zod';
import {
  LIMITS,
  resendOtpSchema,
  verifySchema,
  type VerifyFields,
  type VerifyInput,
} from '@newsroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../admin/ui/Button.tsx';
import { TextField } from '../admin/ui/Field.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { AuthCard, FormAlert, errorMessage, linkClass } from './AuthCard.tsx';

interface VerifyState {
  email?: string;
  notice?: string;
}

/** The OTP from the e-mail; the address comes from registration and may be corrected here. */
export function VerifyAccountPage() {
  const navigate = useNavigate();
  const state = (useLocation().state as VerifyState | null) ?? {};
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(state.notice ?? null);
  const [resending, setResending] = useState(false);
  const form = useForm<VerifyFields, unknown, VerifyInput>({
    resolver: zodResolver(verifySchema),
    defaultValues: { email: state.email ?? '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const envelope = await api<unknown>('/auth/verify', { method: 'POST', body: input });
      navigate(paths.login(), { state: { notice: envelope.message } });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  const resend = async () => {
    setError(null);
    setNotice(null);
    const parsed = resendOtpSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message });
      return;
    }
    setResending(true);
    try {
      setNotice(
        (await api<unknown>('/auth/resend-otp', { method: 'POST', body: parsed.data })).message,
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title="Verify your account"
      footer={
        <Link className={linkClass} to={paths.login()}>
          Back to sign in
        </Link>
      }
    >
      <FormAlert tone="success" message={notice} />
      <FormAlert tone="error" message={error} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.otpDigits}
          placeholder={`${LIMITS.otpDigits}-digit code`}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Verify'}
        </Button>
      </form>
      <Button
        variant="ghost"
        className="mt-3 w-full"
        disabled={resending}
        onClick={() => void resend()}
      >
        {resending ? 'Sending...' : 'Resend OTP'}
      </Button>
    </AuthCard>
  );
}
