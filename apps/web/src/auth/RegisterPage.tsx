import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@newsroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../admin/ui/Button.tsx';
import { TextField } from '../admin/ui/Field.tsx';
import { api } from '../lib/api.ts';
import { paths } from '../lib/paths.ts';
import { AuthCard, FormAlert, errorMessage, linkClass } from './AuthCard.tsx';

/** Admin registration with the sign-up code; success goes to the OTP screen with the e-mail. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', code: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const envelope = await api<{ email: string }>('/auth/admin/signup', {
        method: 'POST',
        query: { verifycode: input.code },
        body: input,
      });
      navigate(paths.verifyAccount(), {
        state: { email: envelope.data?.email ?? input.email, notice: envelope.message },
      });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  return (
    <AuthCard
      title="Create an admin account"
      footer={
        <>
          Already registered?{' '}
          <Link className={linkClass} to={paths.login()}>
            Sign in
          </Link>
        </>
      }
    >
      <FormAlert tone="error" message={error} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Sign-up code"
          autoComplete="off"
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Register'}
        </Button>
      </form>
    </AuthCard>
  );
}
