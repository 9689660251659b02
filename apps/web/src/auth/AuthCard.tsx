import type { ReactNode } from 'react';

/** The centred card every sign-in screen sits in. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg">
        <p className="mb-1 text-center text-sm font-bold uppercase tracking-widest text-red-700">
          News Admin
        </p>
        <h1 className="mb-6 text-center text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </main>
  );
}

/** A message from the server about the whole form (a refused sign-in, a wrong code). */
export function FormAlert({
  tone,
  message,
}: {
  tone: 'error' | 'success';
  message: string | null;
}) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-md px-3 py-2 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
    >
      {message}
    </p>
  );
}

export const linkClass = 'font-semibold text-red-700 underline-offset-2 hover:underline';

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something is wrong';
