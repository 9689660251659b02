import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACTION_NAMES, type Action } from '@newsroom/contract';
import { paths } from '../../lib/paths.ts';
import { useCan } from '../lib/permissions.ts';

/**
 * A screen for the roles that may use it; anyone else reached it by its address and is told why
 * it is not theirs (the server would refuse its calls with 403 anyway).
 */
export function Allowed({ action, children }: { action: Action; children: ReactNode }) {
  if (useCan(action)) return children;
  return (
    <section className="max-w-xl rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold text-slate-900">Not available to your role</h1>
      <p className="mt-2 text-slate-700">Your role may not {ACTION_NAMES[action]}.</p>
      <p className="mt-4">
        <Link className="font-semibold text-red-700 hover:underline" to={paths.admin.newsTable()}>
          Go to the news table
        </Link>
      </p>
    </section>
  );
}
