import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  type LoginData,
  type LoginTwoFactorInput,
} from '@newsroom/contract';
import { Button } from '../admin/ui/Button.tsx';
import { TextField } from '../admin/ui/Field.tsx';
import { api } from '../lib/api.ts';
import { FormAlert, errorMessage, linkClass } from './AuthCard.tsx';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (session: LoginData) => void;
  /** Back to the e-mail and password (the challenge expired, or another account). */
  onRestart: () => void;
}

/**
 * The second step of a sign-in with two-factor sign-in on: the code of the authenticator app, or
 * one of the recovery codes. The field takes the focus as it appears.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = (recovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    const body: LoginTwoFactorInput = recovery
      ? { challenge, recoveryCode: value }
      : { challenge, code: value };
    setFieldError(undefined);
    setPending(true);
    try {
      const { data } = await api<LoginData>('/auth/login/2fa', { method: 'POST', body });
      onSignedIn(data);
    } catch (caught) {
      setPending(false);
      setError(errorMessage(caught));
    }
  };

  const toggle = () => {
    setRecovery((now) => !now);
    setValue('');
    setFieldError(undefined);
    setError(null);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <FormAlert tone="error" message={error} />
      <p className="mb-4 text-sm text-slate-700">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
      </p>
      <TextField
        ref={input}
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        value={value}
        error={fieldError}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" className="mt-2 w-full" disabled={pending}>
        {pending ? 'Please wait...' : 'Verify'}
      </Button>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className={linkClass} onClick={toggle}>
          {recovery ? 'Use a code of the app' : 'Use a recovery code'}
        </button>
        <button type="button" className={linkClass} onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
