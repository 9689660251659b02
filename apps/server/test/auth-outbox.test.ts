import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clientAddress, signupForm } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { lastOutboxOtp, outboxMessages } from './mail-server.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  call(t.app, {
    method: 'POST',
    url: `/api/v1/auth${url}`,
    payload,
    remoteAddress: clientAddress(),
  });

it('without SMTP, saves the code as an .eml in DATA_DIR/outbox and the whole flow works', async () => {
  const email = `outbox-${randomUUID()}@example.com`;
  expect((await post('/admin/signup', signupForm(email))).status).toBe(200);

  const files = await outboxMessages(t.dataDir);
  expect(files).toHaveLength(1);
  expect(files[0]?.file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]+\.eml$/);
  expect(files[0]?.raw).toMatch(/^From: Newsroom <no-reply@newsroom\.local>/m);

  const code = await lastOutboxOtp(t.dataDir, email);
  expect((await post('/verify', { email, code })).status).toBe(200);
  const login = await post('/login', { email, password: 'signup-pass-1' });
  expect(login.status).toBe(200);
  const dashboard = await call(t.app, {
    method: 'GET',
    url: '/api/v1/dashboard/cards',
    headers: { authorization: `Bearer ${login.body.data.accessToken}` },
  });
  expect(dashboard.status).toBe(200);
});
