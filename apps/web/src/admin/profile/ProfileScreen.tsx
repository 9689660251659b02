import { LIMITS, type Me } from '@newsroom/contract';
import { useState, type FormEvent } from 'react';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../lib/me.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { imageFileError } from '../news/schema.ts';
import { Button } from '../ui/Button.tsx';
import { FieldShell, TextField } from '../ui/Field.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import {
  changePassword,
  confirmEmailChange,
  profileFormData,
  requestEmailChange,
  saveProfile,
  type ProfileFields,
} from './api.ts';

const sectionClass = 'mb-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm';

/**
 * Each person's own profile (decision 104): name, bio, picture and public links as their author
 * page shows them; their e-mail address, changed once a code mailed to the new one is given;
 * their password.
 */
export function ProfileScreen() {
  const me = useMe();
  if (me.isPending) return <p className="text-slate-600">Loading...</p>;
  if (!me.data) return <p className="text-red-700">Your profile could not be loaded.</p>;
  return (
    <>
      <ScreenHeader
        title="Profile"
        action={
          <a
            href={paths.author(me.data.slug)}
            className="text-sm font-semibold text-red-700 hover:underline"
          >
            View your author page
          </a>
        }
      />
      <ProfileForm me={me.data} />
      <EmailChange me={me.data} />
      <PasswordChange />
    </>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const [fields, setFields] = useState<ProfileFields>({
    name: me.name,
    bio: me.bio,
    links: me.links.join('\n'),
    picture: null,
    removePicture: false,
  });
  const [pictureError, setPictureError] = useState<string | undefined>();
  const save = useAdminMutation({
    mutationFn: saveProfile,
    invalidates: [adminKeys.me],
  });
  const set = (change: Partial<ProfileFields>) => setFields((before) => ({ ...before, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pictureError) return;
    save.mutate(profileFormData(fields));
  };
  return (
    <form aria-label="Your profile" noValidate onSubmit={submit} className={sectionClass}>
      <h2 className="mb-4 text-lg font-bold text-slate-900">Public profile</h2>
      <p className="mb-4 text-sm text-slate-600">
        Readers see this on your author page and in the bylines of your articles. Your page’s
        address stays <code>{paths.author(me.slug)}</code> whatever your name.
      </p>
      <TextField
        label="Name"
        value={fields.name}
        maxLength={LIMITS.personName.max}
        onChange={(event) => set({ name: event.target.value })}
      />
      <FieldShell id="profile-bio" label="Bio" hint={`At most ${LIMITS.bio.max} characters.`}>
        <textarea
          id="profile-bio"
          rows={4}
          maxLength={LIMITS.bio.max}
          value={fields.bio}
          onChange={(event) => set({ bio: event.target.value })}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </FieldShell>
      <FieldShell
        id="profile-links"
        label="Links"
        hint={`One web address a line (http:// or https://), at most ${LIMITS.profileLinks.max}.`}
      >
        <textarea
          id="profile-links"
          rows={3}
          value={fields.links}
          onChange={(event) => set({ links: event.target.value })}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </FieldShell>
      <FieldShell id="profile-picture" label="Picture" error={pictureError}>
        <div className="flex items-center gap-4">
          {me.pictureURL && !fields.removePicture && (
            <img
              src={me.pictureURL}
              alt="Your current picture"
              className="h-16 w-16 rounded-full object-cover"
            />
          )}
          <input
            id="profile-picture"
            type="file"
            accept={LIMITS.imageTypes.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setPictureError(file ? (imageFileError(file) ?? undefined) : undefined);
              set({ picture: file });
            }}
            className="text-sm"
          />
          {me.pictureURL && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={fields.removePicture}
                onChange={(event) => set({ removePicture: event.target.checked })}
              />
              Remove the picture
            </label>
          )}
        </div>
      </FieldShell>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Please wait...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

function EmailChange({ me }: { me: Me }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useAdminMutation({
    mutationFn: requestEmailChange,
    invalidates: [],
    onSuccess: (envelope) => setSentTo(envelope.data.email),
  });
  const confirm = useAdminMutation({
    mutationFn: confirmEmailChange,
    invalidates: [adminKeys.me],
    onSuccess: () => {
      setSentTo(null);
      setEmail('');
      setPassword('');
      setCode('');
    },
  });
  return (
    <section aria-label="E-mail address" className={sectionClass}>
      <h2 className="mb-2 text-lg font-bold text-slate-900">E-mail address</h2>
      <p className="mb-4 text-sm text-slate-600">
        You sign in with <strong>{me.email}</strong>. A new address is used once you enter the code
        we mail to it.
      </p>
      {sentTo === null ? (
        <form
          noValidate
          aria-label="Change e-mail address"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate({ email, password });
          }}
        >
          <TextField
            label="New e-mail address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={request.isPending}>
              Send a code
            </Button>
          </div>
        </form>
      ) : (
        <form
          noValidate
          aria-label="Confirm e-mail address"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(code);
          }}
        >
          <TextField
            label={`Code sent to ${sentTo}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={confirm.isPending}>
              Confirm
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function PasswordChange() {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const change = useAdminMutation({
    mutationFn: changePassword,
    invalidates: [],
    onSuccess: () => setFields(empty),
  });
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => setFields((before) => ({ ...before, [name]: event.target.value }))}
    />
  );
  return (
    <form
      id="password"
      noValidate
      aria-label="Change password"
      className={sectionClass}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(fields);
      }}
    >
      <h2 className="mb-4 text-lg font-bold text-slate-900">Password</h2>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm the new password', 'new-password')}
      <div className="flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
