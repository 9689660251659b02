interface StatusScreenProps {
  /** The large heading: the HTTP status, as readers know it. */
  code: string;
  message: string;
}

/**
 * The dark full-page screen of a page that cannot be shown (spec §2, 'Not found'): a large
 * heading, one sentence and a pulsing 'Back to Home' link, everything fading in.
 */
export function StatusScreen({ code, message }: StatusScreenProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-950 px-6 text-center text-white">
      <h1 className="animate-[fadeIn_0.6s_ease-out] text-8xl font-extrabold tracking-tight">
        {code}
      </h1>
      <p className="mt-4 animate-[fadeIn_1s_ease-out] text-lg text-slate-300">{message}</p>
      <span className="relative mt-8 inline-flex">
        <span
          aria-hidden="true"
          className="absolute inset-0 animate-ping rounded-full bg-red-700/50 [animation-duration:2s]"
        />
        <a
          href="/"
          className="relative rounded-full bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Back to Home
        </a>
      </span>
    </main>
  );
}
