import { paths } from '../../lib/paths.ts';
import { SITE } from '../site.ts';

export function Logo() {
  return (
    <a
      href={paths.home()}
      className="flex items-center gap-2 rounded text-xl font-black tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-red-700"
    >
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-md bg-red-700 text-base text-white"
      >
        N
      </span>
      {SITE.name}
    </a>
  );
}
