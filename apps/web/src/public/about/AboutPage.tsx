import { useVisitCounter } from './use-visit-counter.ts';

interface AboutCard {
  title: string;
  text: string;
  icon: string;
}

/** The six static cards of the about page. */
export const ABOUT_CARDS: AboutCard[] = [
  {
    title: 'Who we are',
    text: 'An independent newsroom of reporters, editors and presenters covering the stories that shape daily life.',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z',
  },
  {
    title: 'Our mission',
    text: 'To report accurately, explain clearly and give every reader the context to make up their own mind.',
    icon: 'M12 2l3 7h7l-5.5 4.5L18 21l-6-4-6 4 1.5-7.5L2 9h7z',
  },
  {
    title: 'What we cover',
    text: 'Politics, business, technology, sports, entertainment, law & justice, crime, astrology and spiritual life.',
    icon: 'M4 4h16v4H4zm0 6h10v10H4zm12 0h4v10h-4z',
  },
  {
    title: 'Editorial standards',
    text: 'Every story is checked by an editor before it is published; corrections are made openly and promptly.',
    icon: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  },
  {
    title: 'Our people',
    text: 'Anchors and publishers across the country bring local knowledge to national and international news.',
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 19a6 6 0 0 1 12 0zm10 0a6 6 0 0 1 10 0z',
  },
  {
    title: 'Get in touch',
    text: 'Tips, feedback and corrections are always welcome through our contact page.',
    icon: 'M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7l-7 4.5z',
  },
];

/** `/about-us`: six cards and how many times this browser has visited the page. */
export function AboutPage() {
  const visits = useVisitCounter();
  return (
    <>
      <h1 className="text-3xl font-black tracking-tight text-slate-900">About Us</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Newsroom is a digital news publication. Here is what we stand for.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {ABOUT_CARDS.map((card) => (
          <li
            key={card.title}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="32"
              height="32"
              className="fill-red-700"
            >
              <path d={card.icon} />
            </svg>
            <h2 className="mt-4 text-lg font-bold text-slate-900">{card.title}</h2>
            <p className="mt-2 text-slate-700">{card.text}</p>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center text-slate-700" aria-live="polite">
        You have visited this page{' '}
        <strong data-testid="visit-count" className="text-red-700">
          {visits ?? '…'}
        </strong>{' '}
        {visits === 1 ? 'time' : 'times'}.
      </p>
    </>
  );
}
