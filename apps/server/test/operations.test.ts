import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('operations', () => {
  it('sends security headers, without HTTPS-only ones on a plain-http site', async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://news.test' });
    const res = await call(t.app, { method: 'GET', url: '/api/v1/u/category-list' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to stay on HTTPS when the site is served over https', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://news.test' });
    const res = await call(t.app, { method: 'GET', url: '/-/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('throttles each client by its forwarded address behind a trusted proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    const app = t.app;
    const send = (client: string, i: number) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/contact/create',
        headers: { 'x-forwarded-for': client },
        payload: {
          fullName: 'Proxy Reader',
          email: `reader${i}@example.com`,
          phone: '9876543210',
          message: 'Through the proxy',
        },
      });
    for (let i = 0; i < 5; i++) expect((await send('203.0.113.7', i)).status).toBe(200);
    expect((await send('203.0.113.7', 5)).status).toBe(429);
    expect((await send('198.51.100.9', 6)).status).toBe(200);
  });

  it('lets an in-flight request finish when the server shuts down', async () => {
    t = await createTestApp();
    const app = t.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const body = JSON.stringify({
      fullName: 'Late Sender',
      email: 'late@example.com',
      phone: '9876543210',
      message: 'Sent while the server was stopping',
    });

    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const response = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    // Headers and half the body now, the rest after shutdown has begun.
    socket.write(
      `POST /api/v1/contact/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = app.close();
    socket.write(body.slice(20));

    const raw = await response;
    await closing;
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(raw).toContain('"fullName":"Late Sender"');
  });
});
