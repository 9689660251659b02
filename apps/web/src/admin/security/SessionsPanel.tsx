import { formatDateTime } from '../lib/format.ts';
import { adminKeys } from '../lib/query-keys.ts';
import { useAdminMutation } from '../lib/use-admin-mutation.ts';
import { Button } from '../ui/Button.tsx';
import { Table, TableMessage, cellClass } from '../ui/Table.tsx';
import { endSession, useSessions } from './api.ts';
import { describeDevice } from './device.ts';

const HEADERS = ['Device', 'Address', 'Last used', 'Signed in', 'Action'];

/** Where the person is signed in; any session but this one can be signed out from here. */
export function SessionsPanel() {
  const sessions = useSessions();
  const end = useAdminMutation({ mutationFn: endSession, invalidates: [adminKeys.sessions] });

  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="mb-2 text-lg font-bold">
        Where you are signed in
      </h2>
      <Table caption="Your signed-in sessions" headers={HEADERS}>
        {sessions.isPending ? (
          <TableMessage colSpan={HEADERS.length}>Loading...</TableMessage>
        ) : sessions.isError ? (
          <TableMessage colSpan={HEADERS.length}>{sessions.error.message}</TableMessage>
        ) : (
          sessions.data.map((session) => {
            const device = describeDevice(session.agent);
            const address = session.address || 'unknown address';
            return (
              <tr key={session._id}>
                <td className={cellClass}>
                  {device}
                  {session.current ? (
                    <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      This device
                    </span>
                  ) : null}
                </td>
                <td className={cellClass}>{address}</td>
                <td className={cellClass}>{formatDateTime(session.lastUsedAt)}</td>
                <td className={cellClass}>{formatDateTime(session.createdAt)}</td>
                <td className={cellClass}>
                  {session.current ? null : (
                    <Button
                      variant="secondary"
                      aria-label={`Sign out ${device} at ${address}`}
                      disabled={end.isPending}
                      onClick={() => end.mutate(session._id)}
                    >
                      Sign out
                    </Button>
                  )}
                </td>
              </tr>
            );
          })
        )}
      </Table>
    </section>
  );
}
