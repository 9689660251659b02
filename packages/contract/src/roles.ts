/**
 * Staff roles and what each may do: the one table the server enforces on every admin call and the
 * back office reads to show each person only what they may use (docs/decisions/099).
 */
export const ROLES = ['admin', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

/** An account made with the sign-up code is an admin (spec §6). */
export const SIGNUP_ROLE: Role = 'admin';

/**
 * What a call may do. `news.*` actions on one article further depend on whether the person is
 * among its authors and on where the article stands (`articleAccess`).
 */
export type Action =
  /** Their own account: profile, password, sessions. */
  | 'account'
  /** Read the taxonomy, anchors, publishers and the news table (to write and file articles). */
  | 'content.read'
  /** Write categories, sub-categories, anchors and publishers. */
  | 'taxonomy.write'
  /** Read and remove contact messages. */
  | 'contacts'
  | 'dashboard'
  /** List staff and invite people (which roles: `invitableRoles`). */
  | 'staff.list'
  /** Change a person's role or status, remove them. */
  | 'staff.manage'
  | 'settings.write'
  /** Read the audit trail (which kinds of entries: `auditKindsOf` in audit.ts). */
  | 'audit'
  | 'news.create'
  | 'news.edit'
  | 'news.publish'
  | 'news.delete'
  /** Add and amend the corrections and update notes of published articles (decision 112). */
  | 'news.correct'
  /** Make, list and revoke preview links of unpublished articles (decision 113). */
  | 'news.preview'
  /** Add, edit and delete the entries of live pages, end their coverage (decision 115). */
  | 'news.live'
  /** Register, change and remove webhook endpoints, see and resend their deliveries (decision 117). */
  | 'webhooks';

/** How far a role may take an action: on everything, on its own articles only, or not at all. */
export type Reach = 'any' | 'own' | 'none';

const ACTIONS: Record<Action, Record<Role, Reach>> = {
  account: { admin: 'any', editor: 'any', author: 'any', contributor: 'any' },
  'content.read': { admin: 'any', editor: 'any', author: 'any', contributor: 'any' },
  'taxonomy.write': { admin: 'any', editor: 'any', author: 'none', contributor: 'none' },
  contacts: { admin: 'any', editor: 'any', author: 'none', contributor: 'none' },
  dashboard: { admin: 'any', editor: 'any', author: 'none', contributor: 'none' },
  'staff.list': { admin: 'any', editor: 'any', author: 'none', contributor: 'none' },
  'staff.manage': { admin: 'any', editor: 'none', author: 'none', contributor: 'none' },
  'settings.write': { admin: 'any', editor: 'none', author: 'none', contributor: 'none' },
  audit: { admin: 'any', editor: 'any', author: 'none', contributor: 'none' },
  'news.create': { admin: 'any', editor: 'any', author: 'any', contributor: 'any' },
  'news.edit': { admin: 'any', editor: 'any', author: 'own', contributor: 'own' },
  'news.publish': { admin: 'any', editor: 'any', author: 'own', contributor: 'none' },
  'news.delete': { admin: 'any', editor: 'any', author: 'own', contributor: 'own' },
  'news.correct': { admin: 'any', editor: 'any', author: 'own', contributor: 'none' },
  'news.preview': { admin: 'any', editor: 'any', author: 'own', contributor: 'none' },
  'news.live': { admin: 'any', editor: 'any', author: 'own', contributor: 'none' },
  webhooks: { admin: 'any', editor: 'none', author: 'none', contributor: 'none' },
};

/** What each action lets a person do, for the message of a refusal ("You may not …"). */
export const ACTION_NAMES: Record<Action, string> = {
  account: 'use this account',
  'content.read': 'read the back office',
  'taxonomy.write': 'change categories, sub-categories, anchors or publishers',
  contacts: 'read contact messages',
  dashboard: 'see the dashboard',
  'staff.list': 'see the staff',
  'staff.manage': 'change roles, suspend or remove staff',
  'settings.write': 'change the site’s settings',
  audit: 'see the audit trail',
  'news.create': 'write articles',
  'news.edit': 'edit this article',
  'news.publish': 'publish, schedule or unpublish articles',
  'news.delete': 'delete this article',
  'news.correct': 'add or amend corrections',
  'news.preview': 'make or revoke preview links',
  'news.live': 'write the entries of live pages',
  webhooks: 'manage webhooks',
};

/** How far `role` may take `action` ('none' for a role this build does not know). */
export function reachOf(role: string, action: Action): Reach {
  return ACTIONS[action][role as Role] ?? 'none';
}

/** Whether `role` may make calls of `action` at all (on something of its own at least). */
export function can(role: string, action: Action): boolean {
  return reachOf(role, action) !== 'none';
}

/** The roles a person of `role` may invite and see on the staff screen. */
export function invitableRoles(role: string): Role[] {
  if (role === 'admin') return [...ROLES];
  if (role === 'editor') return ['author', 'contributor'];
  return [];
}

/**
 * Whether `role` chooses the authors of articles (decision 103): editors and admins name anyone
 * on the staff; authors and contributors write under their own name only.
 */
export function choosesAuthors(role: string): boolean {
  return role === 'admin' || role === 'editor';
}

/**
 * Where an article stands on the desk (decision 106). `scheduled` and `published` follow from the
 * publication time; the others are unpublished articles, kept by the desk.
 */
export const STAGES = [
  'draft',
  'in_review',
  'ready',
  'scheduled',
  'published',
  'unpublished',
] as const;
export type Stage = (typeof STAGES)[number];

/** The stages of an article readers cannot see, which the desk stores (decision 106). */
export const DESK_STAGES = ['draft', 'in_review', 'ready', 'unpublished'] as const;
export type DeskStage = (typeof DESK_STAGES)[number];

export const STAGE_NAMES: Record<Stage, string> = {
  draft: 'Draft',
  in_review: 'In review',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

/** Where an article stands, as far as who may touch it is concerned: its stage. */
export type ArticleState = Stage;

/** What one person may do to one article as it stands. */
export interface ArticleAccess {
  edit: boolean;
  publish: boolean;
  delete: boolean;
}

/** Not seen by readers (any stage but scheduled and published). */
export const isUnreleased = (state: ArticleState) => state !== 'scheduled' && state !== 'published';

/**
 * The spec's finer rules, by role, whether the person is among the article's authors, and its
 * stage: an author edits and publishes their own and deletes their own until published; a
 * contributor edits and deletes only their own while not published, scheduled or ready, and
 * never publishes or schedules.
 */
export function articleAccess(role: string, own: boolean, state: ArticleState): ArticleAccess {
  const reaches = (action: Action) => {
    const reach = reachOf(role, action);
    return reach === 'any' || (reach === 'own' && own);
  };
  const contributorMay = isUnreleased(state) && state !== 'ready';
  const draftOnly = role === 'contributor';
  const untilPublished = role === 'author';
  return {
    edit: reaches('news.edit') && (!draftOnly || contributorMay),
    publish: reaches('news.publish'),
    delete:
      reaches('news.delete') &&
      (!draftOnly || contributorMay) &&
      (!untilPublished || state !== 'published'),
  };
}

/** Whether `role` reviews articles: sends them back and approves them (`ready`). */
export function reviews(role: string): boolean {
  return role === 'admin' || role === 'editor';
}

/**
 * Whether a person may move an article from stage `from` to `to` (decision 106); `from === to`
 * is no move, only an edit. A new article moves from `draft`. Writers send to review (or take
 * back to draft) what they may edit; reviewers approve (`ready`); whoever may publish publishes,
 * schedules and unpublishes; a published or scheduled article leaves public view only by someone
 * who may publish.
 */
export function mayMove(role: string, own: boolean, from: Stage, to: Stage): boolean {
  const access = articleAccess(role, own, from);
  if (from === to) return access.edit;
  if (!access.edit) return false;
  if (!isUnreleased(from) && !access.publish) return false;
  switch (to) {
    case 'draft':
    case 'in_review':
      return true;
    case 'ready':
      return reviews(role);
    case 'published':
    case 'scheduled':
      return access.publish;
    case 'unpublished':
      return access.publish && !isUnreleased(from);
  }
}

/** The stages a person may move an article to from `from` (itself left out). */
export function movesFrom(role: string, own: boolean, from: Stage): Stage[] {
  return STAGES.filter((to) => to !== from && mayMove(role, own, from, to));
}
