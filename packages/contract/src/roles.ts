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
  /** Make, list and revoke preview links of unpublished articles (decision 113). */
  | 'news.preview';

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
  'news.preview': { admin: 'any', editor: 'any', author: 'own', contributor: 'none' },
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
  'news.preview': 'make or revoke preview links',
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

/** Where an article stands, as far as who may touch it is concerned. */
export type ArticleState = 'draft' | 'scheduled' | 'published';

/** What one person may do to one article as it stands. */
export interface ArticleAccess {
  edit: boolean;
  publish: boolean;
  delete: boolean;
}

/**
 * The spec's finer rules, by role, whether the person is among the article's authors, and its
 * state: an author edits and publishes their own and deletes their own until published; a
 * contributor edits and deletes only their own drafts and never publishes or schedules.
 */
export function articleAccess(role: string, own: boolean, state: ArticleState): ArticleAccess {
  const reaches = (action: Action) => {
    const reach = reachOf(role, action);
    return reach === 'any' || (reach === 'own' && own);
  };
  const draftOnly = role === 'contributor';
  const untilPublished = role === 'author';
  return {
    edit: reaches('news.edit') && (!draftOnly || state === 'draft'),
    publish: reaches('news.publish'),
    delete:
      reaches('news.delete') &&
      (!draftOnly || state === 'draft') &&
      (!untilPublished || state !== 'published'),
  };
}
