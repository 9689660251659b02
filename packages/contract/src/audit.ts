import { z } from 'zod';
import { pageQueryOf } from './schemas.ts';
import type { Role } from './roles.ts';

/** What an audit entry is about (newsroom API, Audit). */
export const AUDIT_KINDS = [
  'news',
  'category',
  'subcategory',
  'anchor',
  'publisher',
  'staff',
  'invitation',
  'settings',
  'session',
  'webhook',
  'live',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What was done to it. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'accept',
  'resend',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'two_factor_on',
  'two_factor_off',
  'preview_link',
  'preview_revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Words for each, as the audit screen shows them. */
export const AUDIT_KIND_NAMES: Record<AuditKind, string> = {
  news: 'Article',
  category: 'Category',
  subcategory: 'Sub-category',
  anchor: 'Anchor',
  publisher: 'Publisher',
  staff: 'Staff member',
  invitation: 'Invitation',
  settings: 'Settings',
  session: 'Sign-in',
  webhook: 'Webhook',
  live: 'Live entry',
};
export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  accept: 'accepted',
  resend: 'sent again',
  sign_in: 'signed in',
  sign_in_failed: 'failed to sign in',
  sign_out: 'signed out',
  two_factor_on: 'turned on two-factor sign-in',
  two_factor_off: 'turned off two-factor sign-in',
  preview_link: 'given a preview link',
  preview_revoke: 'preview link revoked',
};

/** The kinds of entries a role may read: an editor reads those of articles (newsroom API). */
export function auditKindsOf(role: Role | string): AuditKind[] {
  if (role === 'admin') return [...AUDIT_KINDS];
  if (role === 'editor') return ['news', 'live'];
  return [];
}

/**
 * Past this many matching entries the list's `count` stops counting (and says so with
 * `countCapped`): counting millions of rows is the one thing a filter cannot make fast.
 */
export const AUDIT_COUNT_LIMIT = 10_000;

/** Long text is kept in an entry as a summary of at most this many characters. */
export const AUDIT_TEXT_SUMMARY = 160;

const instant = z.iso.datetime({
  offset: true,
  error: 'Give a date and time such as 2026-01-31T12:00:00Z',
});
const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** `GET /audit`: a page of entries, newest first, narrowed by any of the filters. */
export const auditQuerySchema = pageQueryOf(20).extend({
  actor: z.preprocess(blankAsMissing, z.string().max(100).optional()),
  kind: z.preprocess(blankAsMissing, z.enum(AUDIT_KINDS, { error: 'Unknown kind' }).optional()),
  action: z.preprocess(
    blankAsMissing,
    z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  ),
  from: z.preprocess(blankAsMissing, instant.optional()),
  to: z.preprocess(blankAsMissing, instant.optional()),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One field an entry changed; long text as a summary; null where it had no value. */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string().meta({ format: 'date-time' }),
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  kind: z.enum(AUDIT_KINDS),
  thingId: z.string().nullable(),
  title: z.string(),
  address: z.string().nullable(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
