import { z } from 'zod';
import { ROLES } from './roles.ts';

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
