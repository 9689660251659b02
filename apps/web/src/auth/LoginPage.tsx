import { zodResolver } from '@hookform/resolvers/zod';
import {
  loginSchema,
  type LoginData,
  type LoginInput,
  type TwoFactorChallenge,
} from '@newsroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '../admin/ui/Button.tsx';
import { TextField } from '../admin/ui/Field.tsx';
import { reloadAt } from '../admin/lib/navigation.ts';
import { api } from '../lib/api.ts';
import { setAuth } from '../lib/auth-store.ts';
import { paths } from '../lib/paths.ts';
import { AuthCard, FormAlert, errorMessage, linkClass } from './AuthCard.tsx';
import { TwoFactorStep } from './TwoFactorStep.tsx';

/**
 * Keeps the role, e-mail and access token (the refresh token stays in its cookie), then reloads
 * where the entry hands the page to the back office: the Security screen when the site requires
 * two-factor sign-in and it is not on yet, else '/'.
 */
function enter(data: LoginData) {
  setAuth({ role: data.role, email: data.email, accessToken: data.accessToken });
  reloadAt(data.twoFactorEnrolmentRequired ? paths.admin.security() : paths.home());
}

/**
 * Sign-in: e-mail and password, then, for a person with two-factor sign-in on, a code of their
 * app or a recovery code (decision 101).
 */
export function LoginPage() {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const { data } = await api<LoginData | TwoFactorChallenge>('/auth/login', {
        method: 'POST',
        body: input,
      });
      if ('twoFactorRequired' in data) setChallenge(data.challenge);
      else enter(data);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  if (challenge) {
    return (
      <AuthCard title="Two-factor sign-in">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={enter}
          onRestart={() => {
            setChallenge(null);
            form.resetField('password');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          No account yet?{' '}
          <Link className={linkClass} to={paths.adminRegister()}>
            Register
          </Link>
        </>
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
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
