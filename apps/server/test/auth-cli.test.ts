import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli/admin-create.ts', import.meta.url));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the CLI against the test app's data directory and database. */
async function adminCreate(...args: string[]) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: t.dataDir };
  if (t.app.config.databaseUrl) env.DATABASE_URL = t.app.config.databaseUrl;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each case starts a Node process that compiles the CLI with tsx, which is slow on a busy machine.
describe('npm run admin:create', { timeout: 60_000 }, () => {
  it('creates a verified admin who can sign in at once', async () => {
    const res = await adminCreate(
      '--email',
      'Chief@Example.com',
      '--password',
      'secret123',
      '--name',
      'Chief',
    );
    expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining('chief@example.com') });
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'chief@example.com', password: 'secret123' },
    });
    expect(login.body).toMatchObject({ statusCode: 200, data: { role: 'admin' } });
  });

  it('exits 1 with a clear message for an e-mail already in use', async () => {
    await adminCreate('--email', 'twice@example.com', '--password', 'secret123');
    const res = await adminCreate('--email', 'twice@example.com', '--password', 'secret123');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('An admin with e-mail twice@example.com already exists');
  });

  it('exits 1 naming every bad field', async () => {
    const res = await adminCreate('--email', 'not-an-email', '--password', 'short');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('email: email must be a valid email address');
    expect(res.stderr).toContain('password: password must be at least 8 characters');
  });

  it('exits 1 with the usage when an option is missing or unknown', async () => {
    for (const args of [
      ['--email', 'a@b.co'],
      ['--emial', 'a@b.co', '--password', 'secret123'],
    ]) {
      const res = await adminCreate(...args);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('Usage: npm run admin:create');
    }
  });
});
