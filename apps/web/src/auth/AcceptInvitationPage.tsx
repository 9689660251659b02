import { zodResolver } from '@hookform/resolvers/zod';
import {
  acceptInvitationSchema,
  type AcceptInvitationInput,
  type LoginData,
} from '@newsroom/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../admin/ui/Button.tsx';
import { TextField } from '../admin/ui/Field.tsx';
import { reloadAt } from '../admin/lib/navigation.ts';
import { api } from '../lib/api.ts';
import { setAuth } from '../lib/auth-store.ts';
import { paths } from '../lib/paths.ts';
import { AuthCard, FormAlert, errorMessage } from './AuthCard.tsx';

/**
 * Where an invitation's link leads: the invited person sets their name and password, and is
 * signed in to the back office (the link proved their e-mail).
 */
export function AcceptInvitationPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [error, setError] = useState<string | null>(
    token ? null : 'This invitation link is incomplete: open it again from the e-mail',
  );
  const form = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { token, name: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      const { data } = await api<LoginData>('/auth/invitation/accept', {
        method: 'POST',
        body: input,
      });
      setAuth({ role: data.role, email: data.email, accessToken: data.accessToken });
      reloadAt(paths.home());
    } catch (caught) {
      setError(errorMessage(caught));
    }
  });

  return (
    <AuthCard title="Join the staff">
      <FormAlert tone="error" message={error} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="mt-2 w-full" disabled={isSubmitting || !token}>
          {isSubmitting ? 'Please wait...' : 'Join'}
        </Button>
      </form>
    </AuthCard>
  );
}
