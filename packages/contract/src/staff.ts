import { z } from 'zod';
import { ROLES } from './roles.ts';
import { registerSchema } from './schemas.ts';

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
  /** Whether two-factor sign-in is on for the person (decision 101). */
  twoFactor: z.boolean(),
  /** Whether the site requires it of the person's role: they cannot turn it off. */
  twoFactorRequired: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
