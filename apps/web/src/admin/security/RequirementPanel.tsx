import { useEffect, useState, type FormEvent } from 'react';
import {
  ROLES,
  requireTwoFactorSchema,
  type RequireTwoFactor,
  type Role,
} from '@newsroom/contract';
import { ROLE_NAMES } from '../lib/permissions.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { saveSecuritySettings, useSecuritySettings } from './api.ts';

type Choice = 'none' | 'all' | 'roles';

const CHOICES: { value: Choice; label: string }[] = [
  { value: 'none', label: 'Nobody' },
  { value: 'all', label: 'Everyone' },
  { value: 'roles', label: 'These roles' },
];

/**
 * The site's requirement of two-factor sign-in (admins only): people it names who have not
 * turned it on are led to do so at their next sign-in.
 */
export function RequirementPanel() {
  const settings = useSecuritySettings(true);
  const [choice, setChoice] = useState<Choice>('none');
  const [roles, setRoles] = useState<Role[]>([]);
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation({
    mutationFn: saveSecuritySettings,
    invalidates: [adminKeys.securitySettings, adminKeys.me],
  });

  const current = settings.data?.requireTwoFactor;
  useEffect(() => {
    if (current === undefined) return;
    setChoice(Array.isArray(current) ? 'roles' : current);
    setRoles(Array.isArray(current) ? current : []);
  }, [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value: RequireTwoFactor | Role[] = choice === 'roles' ? roles : choice;
    const parsed = requireTwoFactorSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues.at(-1)?.message ?? 'Choose who must use it');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  const toggleRole = (role: Role, on: boolean) =>
    setRoles((list) => (on ? [...list, role] : list.filter((item) => item !== role)));

  return (
    <section
      aria-labelledby="requirement-heading"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="requirement-heading" className="text-lg font-bold">
        Site setting
      </h2>
      {settings.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {settings.error.message}
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-2">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            Require two-factor sign-in
          </legend>
          {CHOICES.map((option) => (
            <label key={option.value} className="mr-4 inline-flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="require-two-factor"
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        {choice === 'roles' ? (
          <fieldset className="mt-3">
            <legend className="sr-only">Roles that must use two-factor sign-in</legend>
            {ROLES.map((role) => (
              <label key={role} className="mr-4 inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(event) => toggleRole(role, event.target.checked)}
                />
                {ROLE_NAMES[role]}
              </label>
            ))}
          </fieldset>
        ) : null}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <p className="mt-3 text-xs text-slate-500">
          People it names who have not turned it on are led to do so at their next sign-in.
        </p>
        <Button type="submit" className="mt-3" disabled={save.isPending || settings.isPending}>
          Save setting
        </Button>
      </form>
    </section>
  );
}
