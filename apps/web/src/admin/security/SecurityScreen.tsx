import { useMe } from '../lib/me.ts';
import { useCan } from '../lib/permissions.ts';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { RequirementPanel } from './RequirementPanel.tsx';
import { SessionsPanel } from './SessionsPanel.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';

/**
 * Security, for everyone signed in: their two-factor sign-in and where they are signed in; for
 * admins also whom the site requires two-factor sign-in of (decision 101).
 */
export function SecurityScreen() {
  const me = useMe();
  const admin = useCan('settings.write');
  return (
    <section className="space-y-6">
      <ScreenHeader title="Security" />
      {me.isPending ? (
        <p className="text-slate-600">Loading...</p>
      ) : me.isError ? (
        <p role="alert" className="text-red-700">
          {me.error.message}
        </p>
      ) : (
        <TwoFactorPanel me={me.data} />
      )}
      {admin && !(me.data?.twoFactorRequired && !me.data.twoFactor) ? <RequirementPanel /> : null}
      <SessionsPanel />
    </section>
  );
}
