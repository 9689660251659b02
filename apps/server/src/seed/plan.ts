import { describe, slugify, type ArticleSeed } from './article.ts';
import { ARTICLES_A } from './articles-a.ts';
import { ARTICLES_B } from './articles-b.ts';
import { seededRandom } from './random.ts';
import { ANCHORS, PUBLISHERS } from './taxonomy.ts';

export const ALL_ARTICLES: ArticleSeed[] = [...ARTICLES_A, ...ARTICLES_B];

/** A story ready to be created: its text, people, media and place in time. */
export interface PlannedArticle {
  article: ArticleSeed;
  slug: string;
  description: string;
  videoURL: string;
  withImage: boolean;
  publisher: string;
  anchor: string | null;
  createdAt: string;
  updatedAt: string;
  views: number;
}

const HOUR = 3600_000;

/**
 * Every demo story, oldest first. Each category's stories keep their written order (a festival
 * opens before it closes) and are spread evenly over the last four weeks, so every category has
 * both recent and older news.
 */
export function planArticles(now: Date): PlannedArticle[] {
  const byCategory = new Map<string, ArticleSeed[]>();
  for (const article of ALL_ARTICLES) {
    byCategory.set(article.category, [...(byCategory.get(article.category) ?? []), article]);
  }
  const positioned = [...byCategory.values()].flatMap((stories) =>
    stories.map((article, k) => ({
      article,
      position: (k + 0.2 + 0.6 * seededRandom(article.title).next()) / stories.length,
    })),
  );
  positioned.sort((a, b) => a.position - b.position);

  const slugs = new Set<string>();
  const total = positioned.length;
  return positioned.map(({ article }, index) => {
    const rnd = seededRandom(`plan:${article.title}`);
    let slug = slugify(article.title);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(article.title)}-${n}`;
    slugs.add(slug);

    const hoursAgo = (total - 1 - index) * 13 + rnd.int(2, 8);
    const created = now.getTime() - hoursAgo * HOUR;
    const edited =
      rnd.next() < 0.3 ? Math.min(created + rnd.int(1, 20) * HOUR, now.getTime()) : created;
    return {
      article,
      slug,
      description: describe(article),
      videoURL: article.video ? `https://www.youtube.com/embed/${article.video}` : '',
      withImage: article.image !== false,
      publisher: rnd.pick(PUBLISHERS),
      anchor: rnd.next() < 0.25 ? null : rnd.pick(ANCHORS),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(edited).toISOString(),
      views: article.inactive ? 0 : Math.round(12 + 9000 * rnd.next() ** 3),
    };
  });
}
