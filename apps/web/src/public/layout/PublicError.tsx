import { ERROR_HEAD } from '../head.ts';

/** A page that could not be loaded (not a 404): a plain apology and a way back. */
export function PublicError() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold">{ERROR_HEAD.title}</h1>
      <p className="mt-3 text-slate-600">{ERROR_HEAD.description}</p>
      <a
        href="/"
        className="mt-6 rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
      >
        Back to Home
      </a>
    </main>
  );
}
