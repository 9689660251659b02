import { useState } from 'react';
import {
  ROLES,
  invitableRoles,
  type InvitationDto,
  type Role,
  type StaffDto,
} from '@newsroom/contract';
import { useAuth } from '../../lib/auth-store.ts';
import { formatDateTime } from '../lib/format.ts';
import { ROLE_NAMES, useCan } from '../lib/permissions.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import {
  inviteStaff,
  removeStaff,
  resendInvitation,
  revokeInvitation,
  updateStaff,
  useStaff,
} from './api.ts';

/**
 * Who is on the staff, in which role, and when they last signed in. An admin changes roles,
 * suspends and reactivates people and removes them (choosing who takes over their articles); an
 * editor sees the authors and contributors.
 */
export function StaffScreen() {
  const staff = useStaff();
  const manage = useCan('staff.manage');
  const auth = useAuth();
  const me = auth?.email;
  const [leaving, setLeaving] = useState<StaffDto | null>(null);
  const [inviting, setInviting] = useState(false);
  const invitable = invitableRoles(auth?.role ?? '');
  const invalidates = [adminKeys.staff];
  const update = useAdminMutation({
    mutationFn: ({ id, ...body }: { id: string; role?: Role; status?: StaffDto['status'] }) =>
      updateStaff(id, body),
    invalidates,
  });

  const headers = [
    'Name',
    'E-mail',
    'Role',
    'Status',
    'Two-factor',
    'Last sign-in',
    ...(manage ? ['Actions'] : []),
  ];
  return (
    <section>
      <ScreenHeader
        title="Staff"
        action={
          invitable.length > 0 ? (
            <Button onClick={() => setInviting(true)}>Invite someone</Button>
          ) : undefined
        }
      />
      <Table caption="Staff" headers={headers}>
        {staff.isPending ? (
          <TableMessage colSpan={headers.length}>Loading...</TableMessage>
        ) : staff.isError ? (
          <TableMessage colSpan={headers.length}>{staff.error.message}</TableMessage>
        ) : (
          staff.data.people.map((person) => (
            <tr key={person._id}>
              <td className={cellClass}>{person.name}</td>
              <td className={cellClass}>{person.email}</td>
              <td className={cellClass}>
                {manage ? (
                  <select
                    aria-label={`Role of ${person.name}`}
                    className="rounded border border-slate-300 px-2 py-1"
                    value={person.role}
                    disabled={update.isPending}
                    onChange={(event) =>
                      update.mutate({ id: person._id, role: event.target.value as Role })
                    }
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_NAMES[role]}
                      </option>
                    ))}
                  </select>
                ) : (
                  ROLE_NAMES[person.role]
                )}
              </td>
              <td className={cellClass}>{person.status === 'active' ? 'Active' : 'Suspended'}</td>
              <td className={cellClass}>{person.twoFactor ? 'On' : 'Off'}</td>
              <td className={cellClass}>
                {person.lastSignInAt ? formatDateTime(person.lastSignInAt) : 'Never'}
              </td>
              {manage ? (
                <td className={`${cellClass} flex gap-2`}>
                  {person.email === me ? null : (
                    <>
                      <Button
                        variant="secondary"
                        disabled={update.isPending}
                        onClick={() =>
                          update.mutate({
                            id: person._id,
                            status: person.status === 'active' ? 'suspended' : 'active',
                          })
                        }
                      >
                        {person.status === 'active' ? 'Suspend' : 'Reactivate'}
                      </Button>
                      <Button variant="danger" onClick={() => setLeaving(person)}>
                        Remove
                      </Button>
                    </>
                  )}
                </td>
              ) : null}
            </tr>
          ))
        )}
      </Table>
      {staff.data && staff.data.invitations.length > 0 ? (
        <PendingInvitations invitations={staff.data.invitations} />
      ) : null}
      {leaving && staff.data ? (
        <RemoveDialog
          person={leaving}
          heirs={staff.data.people.filter((p) => p._id !== leaving._id && p.status === 'active')}
          onClose={() => setLeaving(null)}
        />
      ) : null}
      {inviting ? <InviteDialog roles={invitable} onClose={() => setInviting(false)} /> : null}
    </section>
  );
}

/** The invitations not yet accepted: each may be sent again (a new link) or revoked. */
function PendingInvitations({ invitations }: { invitations: InvitationDto[] }) {
  const resend = useAdminMutation({
    mutationFn: (id: string) => resendInvitation(id),
    invalidates: [adminKeys.staff],
  });
  const revoke = useAdminMutation({
    mutationFn: (id: string) => revokeInvitation(id),
    invalidates: [adminKeys.staff],
  });
  const headers = ['E-mail', 'Role', 'Link works until', 'Actions'];
  return (
    <div className="mt-8">
      <Table caption="Pending invitations" headers={headers}>
        {invitations.map((invitation) => (
          <tr key={invitation._id}>
            <td className={cellClass}>{invitation.email}</td>
            <td className={cellClass}>{ROLE_NAMES[invitation.role]}</td>
            <td className={cellClass}>{formatDateTime(invitation.expiresAt)}</td>
            <td className={`${cellClass} flex gap-2`}>
              <Button
                variant="secondary"
                disabled={resend.isPending}
                onClick={() => resend.mutate(invitation._id)}
              >
                Send again
              </Button>
              <Button
                variant="danger"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(invitation._id)}
              >
                Revoke
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

/** Invites a person by e-mail, in one of the roles the signed-in person may invite. */
function InviteDialog({ roles, onClose }: { roles: Role[]; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles[roles.length - 1] ?? 'contributor');
  const invite = useAdminMutation({
    mutationFn: () => inviteStaff({ email, role }),
    invalidates: [adminKeys.staff],
    onSuccess: onClose,
  });
  return (
    <Modal title="Invite someone" onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <label className="mb-4 block text-sm text-slate-700">
          <span className="mb-1 block">E-mail</span>
          <input
            type="email"
            required
            autoComplete="off"
            className="w-full rounded border border-slate-300 px-3 py-2"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="mb-6 block text-sm text-slate-700">
          <span className="mb-1 block">Role</span>
          <select
            className="w-full rounded border border-slate-300 px-2 py-2"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {roles.map((one) => (
              <option key={one} value={one}>
                {ROLE_NAMES[one]}
              </option>
            ))}
          </select>
        </label>
        <p className="mb-6 text-sm text-slate-600">
          They get an e-mail with a link that works once, for a week.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
            {invite.isPending ? 'Please wait...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Removing a person: who takes over their articles is chosen first. */
function RemoveDialog(props: { person: StaffDto; heirs: StaffDto[]; onClose: () => void }) {
  const { person, heirs, onClose } = props;
  const [heir, setHeir] = useState(heirs[0]?._id ?? '');
  const remove = useAdminMutation({
    mutationFn: () => removeStaff(person._id, heir),
    invalidates: [adminKeys.staff, adminKeys.news],
    onSuccess: onClose,
  });
  return (
    <Modal title={`Remove ${person.name}`} onClose={onClose}>
      <label className="mb-4 block text-sm text-slate-700">
        <span className="mb-1 block">Who takes over their articles</span>
        <select
          className="w-full rounded border border-slate-300 px-2 py-1"
          value={heir}
          onChange={(event) => setHeir(event.target.value)}
        >
          {heirs.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name} ({ROLE_NAMES[p.role]})
            </option>
          ))}
        </select>
      </label>
      <p className="mb-6 text-sm text-slate-700">
        {person.name} is signed out everywhere and can no longer sign in. This cannot be undone.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending || heir === ''}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? 'Please wait...' : 'Remove'}
        </Button>
      </div>
    </Modal>
  );
}
