import { DESKS } from './desks.ts';
import { seededRandom } from './random.ts';

/** One demo story as written: the facts specific to it; the desk adds background to longer ones. */
export interface ArticleSeed {
  category: string;
  /** A sub-category of `category`, or null for a story filed under the category only. */
  sub: string | null;
  title: string;
  /** The meta description. */
  summary: string;
  alt: string;
  tags: string[];
  /** How much desk background the story gets: a feature gets all of it. */
  length: 'short' | 'medium' | 'long' | 'feature';
  /** Story paragraphs, the first being the lead; inline <strong>/<em> allowed. */
  paragraphs: string[];
  points?: string[];
  quote?: { by: string; text: string };
  /** A YouTube video id, embedded as https://www.youtube.com/embed/{id}. */
  video?: string;
  /** False for a video-only story. */
  image?: false;
  /** True for a story saved as inactive (a draft). */
  inactive?: true;
}

/** The rich-text description of a story, as the admin editor would produce it. */
export function describe(article: ArticleSeed): string {
  const desk = DESKS[article.category];
  if (!desk) throw new Error(`No desk text for category ${article.category}`);
  const rnd = seededRandom(article.title);
  const [lead, ...rest] = article.paragraphs.map((text) => `<p>${text}</p>`);
  const quote = article.quote
    ? `<blockquote>“${article.quote.text}” <em>— ${article.quote.by}</em></blockquote>`
    : '';
  const points = article.points
    ? `<h3>Key points</h3><ul>${article.points.map((p) => `<li>${p}</li>`).join('')}</ul>`
    : '';

  if (article.length === 'short') return [lead, ...rest].join('');
  if (article.length === 'medium') {
    const context = article.points ? '' : `<p>${rnd.pick(desk.context)}</p>`;
    return [lead, quote, ...rest, points, context].join('');
  }
  const feature = article.length === 'feature';
  const first = rnd.int(0, desk.context.length - 1);
  const context = desk.context
    .map((_, k) => desk.context[(first + k) % desk.context.length])
    .slice(0, feature ? undefined : 2);
  const outlook = feature ? desk.outlook : [rnd.pick(desk.outlook)];
  return [
    lead,
    ...rest.slice(0, 1),
    quote,
    ...rest.slice(1),
    `<h2>${desk.background}</h2>`,
    ...context.map((text) => `<p>${text}</p>`),
    points,
    '<h2>What happens next</h2>',
    ...outlook.map((text) => `<p>${text}</p>`),
  ].join('');
}

/** A URL slug from a title: lower case, letters and digits joined by single hyphens. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
