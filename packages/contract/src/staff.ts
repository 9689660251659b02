import { z } from 'zod';
import { ROLES } from './roles.ts';
import { LIMITS } from './limits.ts';
import { isHttpUrl, otpCodeSchema, registerSchema } from './schemas.ts';

/** A role, as calls take and answer it. */
export const roleSchema = z.enum(ROLES);

/** A person on the staff screen (`GET /staff`, newsroom API). */
export const staffDtoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(['active', 'suspended']),
  slug: z.string(),
  lastSignInAt: z.string().meta({ format: 'date-time' }).nullable(),
  /** Whether the person signs in with a code of an authenticator app too (decision 101). */
  twoFactor: z.boolean(),
});
export type StaffDto = z.infer<typeof staffDtoSchema>;

/** `PUT /staff/{id}`: a new role, or a suspension or reactivation, or both. */
export const staffUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    status: z.enum(['active', 'suspended']).optional(),
  })
  .refine((input) => input.role !== undefined || input.status !== undefined, {
    message: 'Give a role or a status to change',
  });
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;

/** `DELETE /staff/{id}?transferTo=`: who takes over the person's articles. */
export const staffRemovalSchema = z.object({
  transferTo: z.string().min(1, 'Choose who takes over their articles'),
});

/** A pending invitation (`GET /staff` answers them as `invitations`). */
export const invitationDtoSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string().meta({ format: 'date-time' }),
});
export type InvitationDto = z.infer<typeof invitationDtoSchema>;

/** `POST /staff/invitations`. */
export const invitationInputSchema = z.object({
  email: registerSchema.shape.email,
  role: z.enum(ROLES, { error: 'Choose a role' }),
});
export type InvitationInput = z.infer<typeof invitationInputSchema>;

/** `POST /auth/invitation/accept`: the mailed token, and the person's name and password. */
export const acceptInvitationSchema = z
  .object({
    token: z
      .string({ error: 'The invitation link is incomplete' })
      .min(1, 'The invitation link is incomplete'),
    name: registerSchema.shape.name,
    password: registerSchema.shape.password,
    confirmPassword: registerSchema.shape.confirmPassword,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords must be match',
    path: ['confirmPassword'],
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** A person as an article names its authors: `authors: [{ _id, name, slug }]`. */
export const staffRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

/** `GET /auth/me`: the signed-in person. */
export const meSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  slug: z.string(),
  bio: z.string(),
  links: z.array(z.string()),
  /** The profile picture, or null (decision 104). */
  pictureURL: z.string().nullable(),
  /** Whether two-factor sign-in is on for the person (decision 101). */
  twoFactor: z.boolean(),
  /** Whether the site requires it of the person's role: they cannot turn it off. */
  twoFactorRequired: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const PROFILE_MESSAGES = {
  bio: `A bio may be at most ${LIMITS.bio.max} characters`,
  link: 'Each link must be a web address starting with http:// or https://',
  linkLength: `A link may be at most ${LIMITS.profileLinks.length} characters`,
  links: `Give at most ${LIMITS.profileLinks.max} links`,
} as const;

/**
 * Public links as a profile takes them: a list, a JSON list in text, or one text of addresses
 * separated by new lines or commas (a form's text area); blank pieces are dropped.
 */
export function profileLinksValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        return profileLinksValue(JSON.parse(trimmed));
      } catch {
        // Not a JSON list: read as text.
      }
    }
    return profileLinksValue(trimmed.split(/[\n,]/));
  }
  if (!Array.isArray(value)) return value;
  return value
    .map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}

/**
 * `PUT /auth/me` (decision 104): the person's public profile; a field not given stays as it is.
 * The picture comes as the multipart file `picture`; `removePicture` drops it.
 */
export const profileUpdateSchema = z.object({
  name: registerSchema.shape.name.optional(),
  bio: z
    .string({ error: 'bio must be text' })
    .trim()
    .max(LIMITS.bio.max, PROFILE_MESSAGES.bio)
    .optional(),
  links: z
    .preprocess(
      profileLinksValue,
      z
        .array(
          z
            .string({ error: PROFILE_MESSAGES.link })
            .max(LIMITS.profileLinks.length, PROFILE_MESSAGES.linkLength)
            .refine(isHttpUrl, PROFILE_MESSAGES.link),
          { error: 'links must be a list of web addresses' },
        )
        .max(LIMITS.profileLinks.max, PROFILE_MESSAGES.links),
    )
    .optional(),
  removePicture: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean(),
    )
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `POST /auth/me/email`: a new address, mailed a code; the password proves it is the person. */
export const emailChangeSchema = z.object({
  email: registerSchema.shape.email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** `POST /auth/me/email/verify`: the code mailed to the new address. */
export const emailChangeVerifySchema = z.object({ code: otpCodeSchema });

/** A person as their page shows them (`GET /u/author/{slug}`). */
export const authorDtoSchema = z.object({
  name: z.string(),
  slug: z.string(),
  bio: z.string(),
  pictureURL: z.string().nullable(),
  links: z.array(z.string()),
});
export type AuthorDto = z.infer<typeof authorDtoSchema>;
