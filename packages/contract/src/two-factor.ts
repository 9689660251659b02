import { z } from 'zod';
import { ROLES, type Role } from './roles.ts';
import { roleSchema } from './staff.ts';

/*
 * Two-factor sign-in (newsroom API, "Two-factor sign-in"; decision 101): TOTP codes of RFC 6238
 * (SHA-1, 6 digits, 30 s), ten single-use recovery codes, the site's requirement, and the list of
 * one's signed-in sessions.
 */

/** The parameters every authenticator app is given (RFC 6238's defaults). */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30 } as const;

/** How many recovery codes a person gets when they turn two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;

const instant = () => z.string().meta({ format: 'date-time' });

/** A code of the authenticator app: six digits, spaces allowed (apps show `123 456`). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code of your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^\\d{${TOTP.digits}}$`),
        'Enter the 6-digit code of your authenticator app',
      ),
  );

/**
 * A recovery code as a person types it: case, spaces and dashes do not matter
 * (`abcd-efgh-jkmn-pqrs`).
 */
export const recoveryCodeSchema = z
  .string({ error: 'Enter one of your recovery codes' })
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{16}$/, 'A recovery code has 16 letters and digits'));

/** `POST /auth/2fa/setup`: a new secret, to scan or to type; on only once a code confirms it. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe('base32, for typing into the app'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('a data: URL of a PNG image of otpauthUrl'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /auth/2fa/enable`: the first code of the app proves the secret was taken. */
export const twoFactorEnableSchema = z.object({ code: totpCodeSchema });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** What `POST /auth/2fa/enable` answers: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `POST /auth/2fa/disable`: the account's password. */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password'),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** What `POST /auth/login` answers instead of tokens for a person with two-factor sign-in on. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `POST /auth/login/2fa`: the challenge of the login and a code, or else a recovery code. */
export const loginTwoFactorSchema = z
  .object({
    challenge: z
      .string({ error: 'Sign in with your e-mail and password first' })
      .min(1, 'Sign in with your e-mail and password first'),
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    message: 'Give either a code of your authenticator app or a recovery code',
    path: ['code'],
  });
export type LoginTwoFactorInput = z.input<typeof loginTwoFactorSchema>;

/** Who must sign in with two factors: nobody, everyone, or the people of these roles. */
export const requireTwoFactorSchema = z.union(
  [
    z.enum(['none', 'all']),
    z
      .array(roleSchema)
      .min(1, "Choose at least one role, or 'none'")
      .refine((roles) => new Set(roles).size === roles.length, 'Name each role once'),
  ],
  { error: "requireTwoFactor is 'none', 'all' or a list of roles" },
);
export type RequireTwoFactor = z.infer<typeof requireTwoFactorSchema>;

/** `GET` and `PUT /settings/security`. */
export const securitySettingsSchema = z.object({ requireTwoFactor: requireTwoFactorSchema });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** Whether the site's requirement applies to a person of `role`. */
export function twoFactorRequiredFor(rule: RequireTwoFactor, role: string): boolean {
  if (rule === 'all') return (ROLES as readonly string[]).includes(role);
  if (rule === 'none') return false;
  return rule.includes(role as Role);
}

/** One signed-in session of the person (`GET /auth/sessions`). */
export const sessionDtoSchema = z.object({
  _id: z.string(),
  current: z.boolean().describe('the session of this very call'),
  createdAt: instant(),
  lastUsedAt: instant(),
  address: z.string().describe('the client address it signed in from'),
  agent: z.string().describe('the browser or program (User-Agent) it signed in with'),
});
export type SessionDto = z.infer<typeof sessionDtoSchema>;
