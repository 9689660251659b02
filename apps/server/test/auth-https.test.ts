import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://news.example.com' });
});
afterAll(() => t.close());

it('marks both session cookies Secure when PUBLIC_URL is https', async () => {
  const admin = await createAdmin(t.app);
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: admin.email, password: ADMIN_PASSWORD },
  });
  const lines = res.headers['set-cookie'] as string[];
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line.split('; ')).toContain('Secure');
});
