import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, newsFields, newsContext, type NewsContext } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ctx: NewsContext;

/** The article page is rendered by the real web app, as built by `npm run build`. */
const WEB_DIST = path.resolve(__dirname, '../../web/dist');

beforeAll(async () => {
  if (!existsSync(path.join(WEB_DIST, 'server', 'entry-server.js'))) {
    throw new Error(`${WEB_DIST} is missing: run npm run build before these page tests`);
  }
  t = await createTestApp({ WEB_DIST });
  ctx = await newsContext(t.app);
});
afterAll(() => t.close());

const REFERRER = 'referrerpolicy="strict-origin-when-cross-origin"';
const FILLER = `<p>${'Enough ordinary words to pass the length rule of the description. '.repeat(4)}</p>`;

/** The description as stored, after sending `html` through POST /news/create. */
async function stored(html: string): Promise<string> {
  return (await createNews(ctx, { description: FILLER + html })).description;
}

describe('the description is sanitised before it is stored', () => {
  it('keeps the formatting Quill produces', async () => {
    const quill =
      '<h2>Heading</h2><p class="ql-align-center"><strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>' +
      '<ol><li data-list="bullet">one</li></ol><ul><li>two</li></ul><blockquote>quote</blockquote>' +
      '<pre class="ql-syntax">code()</pre><p><span class="ql-size-large">big</span><br></p>' +
      '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">link</a></p>' +
      '<p><img src="https://example.com/i.png" alt="pic"><img src="/uploads/news/x.jpg"></p>';
    // The serialiser closes void elements (<br />), which is the same HTML.
    expect(await stored(quill)).toBe(FILLER + quill.replace(/<(br|img[^>]*)>/g, '<$1 />'));
  });

  it('drops scripts and their content', async () => {
    const html = await stored('<p>before</p><script>alert(1)</script><p>after</p>');
    expect(html).not.toMatch(/<script|alert/);
    expect(html).toContain('<p>before</p><p>after</p>');
  });

  it('drops event handlers', async () => {
    const html = await stored('<img src="https://example.com/x.png" onerror="alert(1)">');
    expect(html).toContain('<img src="https://example.com/x.png" />');
    expect(html).not.toMatch(/onerror|alert/);
  });

  it('drops javascript: and data: URLs', async () => {
    const html = await stored(
      '<a href="javascript:alert(1)">click</a><a href="JaVaScRiPt:alert(2)">again</a><img src="data:image/png;base64,AAAA">',
    );
    expect(html).not.toMatch(/javascript|alert|data:/i);
    expect(html).toContain('<a>click</a><a>again</a>');
  });

  it('drops styles that could carry code and keeps plain colours', async () => {
    const html = await stored(
      '<p style="background-image: url(javascript:alert(1))">a</p><span style="color: #e60000">b</span>',
    );
    expect(html).not.toMatch(/javascript|background-image/);
    expect(html).toContain('<span style="color:#e60000">b</span>');
  });

  it('keeps YouTube and Vimeo embeds over https, each told which site embeds it', async () => {
    const embeds =
      '<iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen="true"></iframe>' +
      '<iframe src="https://www.youtube-nocookie.com/embed/abc123" referrerpolicy="no-referrer"></iframe>' +
      '<iframe src="https://player.vimeo.com/video/76979871"></iframe>';
    // YouTube's player refuses to play ("Error 153") when it is not sent the embedding origin.
    const told = (html: string) =>
      html
        .replaceAll(' referrerpolicy="no-referrer"', '')
        .replaceAll('"></iframe>', `" ${REFERRER}></iframe>`);
    expect(await stored(embeds)).toBe(FILLER + told(embeds));
  });

  it.each([
    ['another site', 'https://evil.example.com/embed/x'],
    ['plain http', 'http://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['a YouTube page that is not an embed', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://www.youtube.com.evil.example/embed/x'],
    ['javascript:', 'javascript:alert(1)'],
  ])('removes an iframe pointing at %s', async (_label, src) => {
    const html = await stored(`<iframe src="${src}"></iframe><p>kept</p>`);
    expect(html).not.toContain('iframe');
    expect(html).toContain('<p>kept</p>');
  });

  it('refuses a description that is nothing but unsafe markup', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/news/create',
      headers: ctx.headers,
      payload: {
        ...newsFields(ctx.taxonomy),
        description: `<script>${'x'.repeat(300)}</script>`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Description is required');
  });
});

describe('embedded players', () => {
  /** The frame sources of the Content-Security-Policy the site sends. */
  async function cspFrameSources(): Promise<string[]> {
    const res = await t.app.inject({ method: 'GET', url: '/-/health' });
    const policy = String(res.headers['content-security-policy']);
    const directive = policy.split(';').find((part) => part.trim().startsWith('frame-src'));
    return (directive ?? '').trim().split(/\s+/).slice(1);
  }

  const embedOf = (origin: string) =>
    origin.includes('vimeo') ? `${origin}/video/76979871` : `${origin}/embed/dQw4w9WgXcQ`;

  it('the CSP lets pages frame exactly the players the sanitiser keeps', async () => {
    const origins = (await cspFrameSources()).filter((source) => source !== "'self'");
    expect(origins.length).toBeGreaterThan(0);
    for (const origin of origins) {
      const iframe = `<iframe src="${embedOf(origin)}"></iframe>`;
      expect(await stored(iframe), origin).toContain(`src="${embedOf(origin)}"`);
    }
    for (const other of ['https://evil.example', 'http://www.youtube.com', 'https://youtube.com']) {
      expect(await stored(`<iframe src="${embedOf(other)}"></iframe>`), other).not.toContain(
        '<iframe',
      );
    }
  });
});

async function articlePage(slug: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/news/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The opening tags of a page's frames. */
const framesOf = (html: string) => html.match(/<iframe[^>]*>/g) ?? [];

describe('the article page', () => {
  it('shows its text cleaned again as it is rendered, whatever rules it was stored under', async () => {
    const news = await createNews(ctx, { description: `${FILLER}<p>kept</p>` });
    // Text stored by an older version of the rules, or written into the database by hand.
    const older =
      `${FILLER}<p>kept</p><script>alert(1)</script>` +
      '<img src="https://example.com/x.png" onerror="alert(2)">' +
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
      '<iframe src="https://evil.example/embed/x"></iframe>';
    await t.app.db.kysely
      .updateTable('news')
      .set({ description: older })
      .where('id', '=', news._id)
      .execute();
    const html = await articlePage(news.slug);
    expect(html).toContain('<p>kept</p><img src="https://example.com/x.png" />');
    expect(html.match(/alert\(|onerror|evil\.example/)).toBeNull();
    expect(framesOf(html)).toContain(
      `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" ${REFERRER}>`,
    );
  });

  it('plays its video in a player told which site embeds it', async () => {
    const news = await createNews(ctx, { videoURL: 'https://youtu.be/dQw4w9WgXcQ' });
    const [player] = framesOf(await articlePage(news.slug));
    expect(player).toMatch(
      /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/,
    );
    // HTML attribute names are case-insensitive (React writes referrerPolicy).
    expect(player?.toLowerCase()).toContain(REFERRER);
  });
});
