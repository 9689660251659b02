/**
 * Creates a verified admin without any e-mail step, for servers without SMTP:
 *   npm run admin:create -- --email a@b.c --password secret123 [--name "Name"]
 */
import { parseArgs } from 'node:util';
import { AdminRegistration } from '../auth/registration.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { ensureWritableDir, loadSecrets } from '../config/secrets.ts';
import { openDatabase } from '../db/database.ts';
import { migrationProvider } from '../migrations/provider.ts';
import { DomainError } from '../domain/errors.ts';
import { createMailer } from '../mail/mailer.ts';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --password <password> [--name <name>]';

class UsageError extends Error {}

function readArgs(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string', default: 'Admin' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (!values.email || !values.password)
      throw new UsageError('--email and --password are required');
    return { email: values.email, password: values.password, name: values.name ?? 'Admin' };
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message);
  }
}

async function main() {
  const args = readArgs(process.argv.slice(2));
  const config = loadConfig();
  await ensureWritableDir(config.dataDir);
  const secrets = await loadSecrets(config);
  const db = await openDatabase({ ...config, migrations: migrationProvider });
  try {
    // No mail is sent when creating a verified admin; the mailer is only there to satisfy the service.
    const mailer = createMailer({ ...config, logger: { info() {}, error() {} } });
    const registration = new AdminRegistration(db.kysely, { mailer, ...secrets });
    const admin = await registration.createAdmin({ ...args, verified: true });
    console.log(`Admin ${admin.email} created. Sign in at ${config.publicUrl}/login`);
  } finally {
    await db.close();
  }
}

function explain(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof DomainError && error.details.errors) {
    return error.details.errors.map((e) => `${e.path}: ${e.message}`).join('\n');
  }
  if (error instanceof DomainError || error instanceof ConfigError) return error.message;
  return `Could not create the admin: ${(error as Error).message}`;
}

main().catch((error: unknown) => {
  console.error(explain(error));
  process.exit(1);
});
