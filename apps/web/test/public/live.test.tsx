import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEntry, LivePage, RenderRequest } from '@newsroom/contract';
import { render as renderPage } from '../../src/entry-server.tsx';
import { createQueryClient } from '../../src/lib/query-client.ts';
import { liveQuery } from '../../src/public/live/api.ts';
import { LiveCoverage } from '../../src/public/live/LiveCoverage.tsx';
import { createNews } from './factories.ts';
import { fakeReads } from './fake-reads.ts';

/* A live page as readers see it (decision 115): rendered on the server, then followed live. */

const entry = (n: number, more: Partial<LiveEntry> = {}): LiveEntry => ({
  _id: `e${n}`,
  text: `<p>Entry ${n}</p>`,
  createdAt: new Date(Date.UTC(2026, 10, 27, 9, n)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 27, 9, n)).toISOString(),
  by: { _id: 's1', name: 'Asha Rao', slug: 'asha-rao' },
  pinned: false,
  keyEvent: false,
  imageURL: null,
  alt: '',
  videoURL: '',
  ...more,
});

const livePage = (entries: LiveEntry[], more: Partial<LivePage> = {}): LivePage => ({
  data: entries,
  count: entries.length,
  hasOlder: false,
  coverage: { startedAt: '2026-11-27T09:00:00.000Z', endedAt: null, lastEventId: '7' },
  pinned: entries.filter((e) => e.pinned),
  keyEvents: [],
  ...more,
});

/** An EventSource the test speaks through. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((message: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (message: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, id: string, data: unknown) {
    const message = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(name) ?? []) listener(message);
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the live page rendered on the server', () => {
  it('shows the pinned entry first, the key events, each entry with its time and writer', async () => {
    const story = createNews({ slug: 'night', live: true });
    const page = livePage([entry(3, { keyEvent: true }), entry(2, { pinned: true }), entry(1)], {
      keyEvents: [{ _id: 'e3', createdAt: entry(3).createdAt, headline: 'Entry 3' }],
      hasOlder: true,
    });
    const result = await renderPage({
      url: '/news/night',
      publicUrl: 'http://news.test',
      reads: fakeReads({ articles: [story], live: { night: page } }) as RenderRequest['reads'],
    });
    if (result.kind !== 'page') throw new Error('expected a page');
    const html = result.html.replaceAll('<!-- -->', '');
    expect(html.indexOf('Pinned')).toBeLessThan(html.indexOf('aria-label="Entries"'));
    expect(html).toContain('href="#live-e3"');
    expect(html).toContain('href="/news/night?before=e1"');
    expect(html).toContain('href="/author/asha-rao"');
    const blog = [...result.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>)
      .find((item) => item['@type'] === 'LiveBlogPosting');
    expect(blog).toMatchObject({ coverageStartTime: '2026-11-27T09:00:00.000Z' });
    expect((blog?.liveBlogUpdate as unknown[]).length).toBe(3);
  });
});

describe('an entry’s picture', () => {
  it('is offered in AVIF and WebP once its variants are made, and as uploaded before', async () => {
    const story = createNews({ slug: 'harbour', live: true });
    const sized = '/uploads/news/abc-1600x900.jpg';
    const pending = '/uploads/news/def.pending.jpg';
    const page = livePage([
      entry(2, { imageURL: sized, alt: 'The harbour at dawn' }),
      entry(1, { imageURL: pending, alt: 'The quay' }),
    ]);
    const result = await renderPage({
      url: '/news/harbour',
      publicUrl: 'http://news.test',
      reads: fakeReads({ articles: [story], live: { harbour: page } }) as RenderRequest['reads'],
    });
    if (result.kind !== 'page') throw new Error('expected a page');
    const { container } = render(<div dangerouslySetInnerHTML={{ __html: result.html }} />);
    const made = within(container).getByAltText('The harbour at dawn');
    expect(made.getAttribute('width')).toBe('1600');
    expect(made.getAttribute('height')).toBe('900');
    const sources = [...(made.parentElement?.querySelectorAll('source') ?? [])];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]?.getAttribute('srcset')).toContain(`${sized}.`);
    const uploaded = within(container).getByAltText('The quay');
    expect(uploaded.getAttribute('src')).toBe(pending);
    expect(uploaded.parentElement?.tagName).not.toBe('PICTURE');
  });
});

describe('the live page in the browser', () => {
  function show(page: LivePage) {
    const client = createQueryClient();
    client.setQueryData(liveQuery('night', {}).queryKey, page);
    return render(
      <QueryClientProvider client={client}>
        <LiveCoverage slug="night" cursor={{}} />
      </QueryClientProvider>,
    );
  }

  it('follows the stream from the change it was served at and applies each change', async () => {
    show(livePage([entry(2), entry(1)]));
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0];
    expect(source?.url).toBe('/api/v1/u/news/night/live/events?lastEventId=7');
    const list = () => within(screen.getByRole('list', { name: 'Entries' }));

    source?.emit(
      'entry',
      '8',
      entry(3, { text: '<p>Entry 3<img src="x" onerror="alert(1)"></p>' }),
    );
    expect(await list().findByText('Entry 3')).toBeInTheDocument();
    expect(
      list()
        .getAllByRole('listitem')
        .map((item) => item.dataset.entry),
    ).toEqual(['e3', 'e2', 'e1']);
    // Text that came through the stream is sanitised in the browser.
    await waitFor(() =>
      expect(document.querySelector('[data-entry="e3"] img')).not.toHaveAttribute('onerror'),
    );

    source?.emit(
      'entry-updated',
      '9',
      entry(2, { text: '<p>Entry 2, corrected</p>', pinned: true }),
    );
    expect(await screen.findByRole('list', { name: 'Pinned entries' })).toHaveTextContent(
      'Entry 2, corrected',
    );
    source?.emit('entry-deleted', '10', { _id: 'e1' });
    await waitFor(() => expect(list().queryByText('Entry 1')).toBeNull());

    source?.emit('ended', '11', { liveEndedAt: '2026-11-27T10:00:00.000Z' });
    expect(await screen.findByText(/Coverage ended/)).toBeInTheDocument();
    expect(source?.closed).toBe(true);
  });

  it('opens no stream once coverage has ended', async () => {
    const ended = livePage([entry(1)], {
      coverage: { startedAt: entry(1).createdAt, endedAt: entry(1).createdAt, lastEventId: '1' },
    });
    show(ended);
    expect(screen.getByText(/Coverage ended/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
