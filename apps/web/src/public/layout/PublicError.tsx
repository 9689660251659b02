import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../../shared/NotFound.tsx';
import { ERROR_HEAD, NOT_FOUND_HEAD, documentTitle } from '../head.ts';

/** Any route error: the 404 screen for unknown pages, a plain apology for everything else. */
export function PublicError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    document.title = documentTitle(notFound ? NOT_FOUND_HEAD : ERROR_HEAD);
  }, [notFound]);

  if (notFound) return <NotFound />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <h1 className="text-3xl font-bold">{ERROR_HEAD.title}</h1>
      <p className="mt-3 text-slate-600">{ERROR_HEAD.description}</p>
      <Link
        to="/"
        reloadDocument
        className="mt-6 rounded-full bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800"
      >
        Back to Home
      </Link>
    </main>
  );
}
