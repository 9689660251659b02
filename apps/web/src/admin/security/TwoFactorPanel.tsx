import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { totpCodeSchema, type Me, type TwoFactorSetup } from '@newsroom/contract';
import { ApiError, FALLBACK_ERROR } from '../../lib/api.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/Field.tsx';
import { RecoveryCodesNotice } from './RecoveryCodesNotice.tsx';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './api.ts';

const panelClass = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm';

/** The secret in groups of four, easier to type from the screen. */
const grouped = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ');

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : FALLBACK_ERROR;

/**
 * Two-factor sign-in of the signed-in person: turned on by scanning a QR code (or typing the
 * secret) and confirming a first code, which shows the ten recovery codes once; turned off with
 * the password, unless the site requires it of their role.
 */
export function TwoFactorPanel({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new step is announced by moving the focus to its heading.
  useEffect(() => {
    if (setup || codes) heading.current?.focus();
  }, [setup, codes]);

  const start = async () => {
    setError(null);
    setPending(true);
    try {
      setSetup((await setupTwoFactor()).data);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setPending(false);
    }
  };

  if (codes) {
    return (
      <section className={panelClass} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Two-factor sign-in is on
        </h2>
        <RecoveryCodesNotice codes={codes} />
        <Button className="mt-4" onClick={() => setCodes(null)}>
          I have saved my recovery codes
        </Button>
      </section>
    );
  }

  if (setup) {
    return (
      <section className={panelClass} aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" ref={heading} tabIndex={-1} className="text-lg font-bold">
          Set up your authenticator app
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            Open an authenticator app (such as Google Authenticator, Microsoft Authenticator,
            1Password or Aegis) and scan this code.
          </li>
          <li>Enter the 6-digit code the app then shows.</li>
        </ol>
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={200}
          height={200}
          className="my-4 rounded border border-slate-200"
        />
        <p className="text-sm text-slate-700">Cannot scan it? Type this key into the app:</p>
        <p className="mt-1 mb-4 font-mono text-base tracking-wider text-slate-900" data-secret>
          {grouped(setup.secret)}
        </p>
        <ConfirmCodeForm
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            void queryClient.invalidateQueries({ queryKey: adminKeys.me });
            void queryClient.invalidateQueries({ queryKey: adminKeys.staff });
          }}
        />
      </section>
    );
  }

  return (
    <section className={panelClass} aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="text-lg font-bold">
        Two-factor sign-in
      </h2>
      {me.twoFactor ? (
        <>
          <p className="mt-2 text-sm text-slate-700">
            <strong className="text-green-700">On.</strong> Signing in asks for a code of your
            authenticator app after your password.
          </p>
          {me.twoFactorRequired ? (
            <p className="mt-2 text-sm text-slate-600">
              This site requires two-factor sign-in for your role, so it cannot be turned off.
            </p>
          ) : (
            <DisableForm />
          )}
        </>
      ) : (
        <>
          {me.twoFactorRequired ? (
            <p
              role="alert"
              className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              This site requires two-factor sign-in for your account. Turn it on to use the back
              office.
            </p>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">
            <strong>Off.</strong> With it on, signing in asks for your password and a code from an
            app on your phone, so a stolen password alone is not enough.
          </p>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button className="mt-4" disabled={pending} onClick={() => void start()}>
            {pending ? 'Please wait...' : 'Turn on two-factor sign-in'}
          </Button>
        </>
      )}
    </section>
  );
}

function ConfirmCodeForm({
  onEnabled,
  onCancel,
}: {
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      onEnabled((await enableTwoFactor(parsed.data)).data.recoveryCodes);
    } catch (caught) {
      setPending(false);
      setError(caught instanceof ApiError ? caught.message : messageOf(caught));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="max-w-xs">
      <TextField
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Please wait...' : 'Confirm and turn on'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DisableForm() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const disable = useAdminMutation({
    mutationFn: disableTwoFactor,
    invalidates: [adminKeys.me, adminKeys.staff],
    onSuccess: () => setPassword(''),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Enter your password');
      return;
    }
    setError(undefined);
    disable.mutate(password, {
      onError: (caught) => setError(messageOf(caught)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 max-w-xs">
      <TextField
        label="Your password, to turn it off"
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="danger" disabled={disable.isPending}>
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}
