/** What a person starting the server needs to know, gathered after it listens. */
export interface BannerFacts {
  publicUrl: string;
  /** The demo admin's credentials when this start seeded the demo content. */
  demoAdmin: { email: string; password: string } | null;
  /** The admin sign-up code when it was generated (not given in ADMIN_SIGNUP_CODE). */
  signupCode: { code: string; file: string } | null;
}

/**
 * The lines printed once after the server listens: where the site is, where admins sign in and,
 * when just made, the credentials to do so. Plain text, so it reads the same in a terminal and
 * in a log file, and no credential hides inside a JSON field.
 */
export function startBanner({ publicUrl, demoAdmin, signupCode }: BannerFacts): string {
  const lines = [
    '',
    'Newsroom is running.',
    `  The site:             ${publicUrl}/`,
    `  Admins sign in at:    ${publicUrl}/login`,
  ];
  if (demoAdmin) {
    lines.push(
      `  Demo admin e-mail:    ${demoAdmin.email}`,
      `  Demo admin password:  ${demoAdmin.password}   (shown only this once; for a real site, start with SEED_DEMO=0)`,
    );
  }
  if (signupCode) {
    lines.push(
      `  Admin sign-up code:   ${signupCode.code}   (a new admin must give it to register; kept in ${signupCode.file})`,
    );
  }
  return lines.join('\n') + '\n\n';
}
