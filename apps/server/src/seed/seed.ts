import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  CategoryDto,
  ContactDto,
  ContactInput,
  NameInput,
  NewsDto,
  NewsFields,
  PersonDto,
  Role,
  SubCategoryDto,
  SubCategoryInput,
} from '@newsroom/contract';
import type { Database } from '../db/schema.ts';
import type { Actor } from '../domain/actor.ts';
import { renderCover } from './images.ts';
import { planArticles, type PlannedArticle } from './plan.ts';
import { CATEGORIES, CONTACTS, ANCHORS, PUBLISHERS, type CategorySeed } from './taxonomy.ts';

/** The operations seeding goes through: the same ones the API and the CLI use. */
export interface SeedServices {
  categories: { create(input: NameInput, actor: Actor): Promise<CategoryDto> };
  subcategories: { create(input: SubCategoryInput, actor: Actor): Promise<SubCategoryDto> };
  publishers: { create(input: NameInput, actor: Actor): Promise<PersonDto> };
  anchors: { create(input: NameInput, actor: Actor): Promise<PersonDto> };
  contacts: { create(input: ContactInput): Promise<ContactDto> };
  news: {
    create(fields: NewsFields, image: { bytes: Buffer } | null, actor?: Actor): Promise<NewsDto>;
    variantsIdle(): Promise<void>;
  };
  profiles: {
    update(id: string, input: { bio?: string }, picture: null, address: null): Promise<void>;
  };
  registration: {
    createAdmin(input: {
      name: string;
      email: string;
      password: string;
      verified: true;
      role?: Role;
    }): Promise<{ id: string; email: string }>;
  };
}

export interface SeedDeps {
  services: SeedServices;
  /** Used only to date the demo records back in time, which no operation offers. */
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now?: Date;
}

export const DEMO_ADMIN_EMAIL = 'admin@newsroom.local';

/** The demo admin's short bio, on their author page. */
const DEMO_ADMIN_BIO = 'Runs the Newsroom desk and writes when the news will not wait.';

/** The demo newsroom's other staff, one or two of each role, each with a short bio. */
const DEMO_STAFF: { name: string; email: string; role: Role; bio: string }[] = [
  {
    name: 'Meera Iyer',
    email: 'meera@newsroom.local',
    role: 'editor',
    bio: 'Edits the politics and business pages; before that, twelve years on the city beat.',
  },
  {
    name: 'Arjun Mehta',
    email: 'arjun@newsroom.local',
    role: 'author',
    bio: 'Covers technology and sport, and anything that happens in a stadium.',
  },
  {
    name: 'Sara Thomas',
    email: 'sara@newsroom.local',
    role: 'author',
    bio: 'Reports on the courts, crime and the people they touch.',
  },
  {
    name: 'Kabir Singh',
    email: 'kabir@newsroom.local',
    role: 'contributor',
    bio: 'Writes on culture and the arts from the city’s stages and screens.',
  },
];

export interface SeedResult {
  admin: { email: string; password: string };
  categories: number;
  news: number;
  contacts: number;
}

/** Stories (each rendering its image) are created this many at a time. */
const CONCURRENCY = 4;
const HOUR = 3600_000;

type DatedTable = 'categories' | 'subcategories' | 'publishers' | 'anchors';

/** What was created, for dating it afterwards. */
interface Created {
  taxonomy: { table: DatedTable; id: string }[];
  news: { id: string; planned: PlannedArticle }[];
}

interface SeededCategory {
  id: string;
  style: CategorySeed['style'];
  subs: Map<string, string>;
}

/** Fills an empty database with demo content and a demo admin; see docs/decisions/030. */
export async function seedDemo({
  services,
  db,
  log,
  now = new Date(),
}: SeedDeps): Promise<SeedResult> {
  const started = Date.now();
  const created: Created = { taxonomy: [], news: [] };
  // The demo admin sets up the taxonomy; they and a few staff of each role write the demo
  // stories, in turn (the audit trail names them). Only the admin's password is printed; the
  // others are bylines until an admin lets them in.
  const password = randomBytes(12).toString('base64url');
  const admin = await services.registration.createAdmin({
    name: 'Demo Admin',
    email: DEMO_ADMIN_EMAIL,
    password,
    verified: true,
  });
  await services.profiles.update(admin.id, { bio: DEMO_ADMIN_BIO }, null, null);
  const setUp: Actor = { id: admin.id, role: 'admin', address: null };
  const categories = await createCategories(services, created, setUp);
  const publishers = await createNamed(
    services.publishers,
    PUBLISHERS,
    'publishers',
    created,
    setUp,
  );
  const anchors = await createNamed(services.anchors, ANCHORS, 'anchors', created, setUp);

  const writers: Actor[] = [setUp];
  for (const { bio, ...person } of DEMO_STAFF) {
    const created = await services.registration.createAdmin({
      ...person,
      password: randomBytes(18).toString('base64url'),
      verified: true,
    });
    await services.profiles.update(created.id, { bio }, null, null);
    // A contributor's stories wait for an editor: the published demo stories are by the others.
    if (person.role !== 'contributor')
      writers.push({ id: created.id, role: person.role, address: null });
  }

  const plan = planArticles(now);
  created.news = await mapWithLimit(plan, CONCURRENCY, async (planned) => {
    const category = categories.get(planned.article.category);
    if (!category) throw new Error(`Unknown demo category ${planned.article.category}`);
    const image = planned.withImage
      ? { bytes: await renderCover(category.style, planned.slug) }
      : null;
    const fields = toFields(planned, category, publishers, anchors);
    const author = writers[plan.indexOf(planned) % writers.length] as Actor;
    return { id: (await services.news.create(fields, image, author))._id, planned };
  });
  const firstStory = Date.parse(plan[0]?.createdAt ?? now.toISOString());
  await backdate(db, created, new Date(firstStory - 48 * HOUR));
  // The demo pictures are shown with their variants from the first page served.
  await services.news.variantsIdle();

  for (const [index, input] of CONTACTS.entries()) {
    const contact = await services.contacts.create(input);
    const sentAt = new Date(now.getTime() - (CONTACTS.length - index) * 29 * HOUR);
    await db
      .updateTable('contacts')
      .set({ created_at: sentAt.toISOString() })
      .where('id', '=', contact._id)
      .execute();
  }

  log.info(
    `Demo content seeded in ${Date.now() - started} ms: ${categories.size} categories, ${created.news.length} news, ${CONTACTS.length} contact messages`,
  );
  // The password goes to the start banner (main.ts), in plain words and not into the log stream.
  return {
    admin: { email: DEMO_ADMIN_EMAIL, password },
    categories: categories.size,
    news: created.news.length,
    contacts: CONTACTS.length,
  };
}

async function createCategories(
  services: SeedServices,
  created: Created,
  actor: Actor,
): Promise<Map<string, SeededCategory>> {
  const categories = new Map<string, SeededCategory>();
  for (const seed of CATEGORIES) {
    const category = await services.categories.create({ name: seed.name }, actor);
    created.taxonomy.push({ table: 'categories', id: category._id });
    const subs = new Map<string, string>();
    for (const name of seed.subcategories) {
      const sub = await services.subcategories.create({ name, categoryId: category._id }, actor);
      created.taxonomy.push({ table: 'subcategories', id: sub._id });
      subs.set(name, sub._id);
    }
    categories.set(seed.name, { id: category._id, style: seed.style, subs });
  }
  return categories;
}

async function createNamed(
  service: SeedServices['publishers'],
  names: string[],
  table: 'publishers' | 'anchors',
  created: Created,
  actor: Actor,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const name of names) {
    const record = await service.create({ name }, actor);
    created.taxonomy.push({ table, id: record._id });
    ids.set(name, record._id);
  }
  return ids;
}

/**
 * No operation sets creation dates or view counts, so the demo records are dated here: the
 * taxonomy a little before the first story, each story at its planned time with its views.
 */
async function backdate(db: Kysely<Database>, created: Created, setUpAt: Date) {
  await db.transaction().execute(async (trx) => {
    for (const [index, { table, id }] of created.taxonomy.entries()) {
      const stamp = new Date(setUpAt.getTime() + index * 1000).toISOString();
      await trx
        .updateTable(table)
        .set({ created_at: stamp, updated_at: stamp })
        .where('id', '=', id)
        .execute();
    }
    for (const { id, planned } of created.news) {
      await trx
        .updateTable('news')
        .set({ created_at: planned.createdAt, updated_at: planned.updatedAt, views: planned.views })
        .where('id', '=', id)
        .execute();
    }
  });
}

/** Maps items with at most `limit` calls in flight, keeping the order of the results. */
async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function toFields(
  planned: PlannedArticle,
  category: { id: string; subs: Map<string, string> },
  publishers: Map<string, string>,
  anchors: Map<string, string>,
): NewsFields {
  const { article } = planned;
  const subCategoryId = article.sub === null ? null : category.subs.get(article.sub);
  const publisherId = publishers.get(planned.publisher);
  if (subCategoryId === undefined || publisherId === undefined) {
    throw new Error(`Demo story "${article.title}" refers to an unknown sub-category or publisher`);
  }
  return {
    title: article.title,
    slug: planned.slug,
    description: planned.description,
    metaDescription: article.summary,
    alt: article.alt,
    tags: article.tags,
    videoURL: planned.videoURL,
    status: !article.inactive,
    categoryId: category.id,
    subCategoryId,
    publisherId,
    anchorId: planned.anchor === null ? null : (anchors.get(planned.anchor) ?? null),
  };
}
