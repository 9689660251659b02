import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginData, type LoginInput } from '@newsroom/contract';
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

/**
 * Sign-in. The role, e-mail and access token are kept; the refresh token stays in its cookie.
 * Then the page reloads at '/', where the entry hands it to the back office.
 */
export function LoginPage() {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const { data } = await api<LoginData>('/auth/login', { method: 'POST', body: input });
      setAuth({ role: data.role, email: data.email, accessToken: data.accessToken });
      reloadAt(paths.home());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

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
