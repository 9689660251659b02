import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from '../../src/public/article/SafeHtml.tsx';
import { ServerMarkup } from '../../src/public/server-markup.ts';

/** Markup DOMPurify changes: it drops the handler and names the new tab's opener policy. */
const RICH =
  '<p>Read <a href="https://example.com/" target="_blank">the report</a>' +
  '<img src="/x.png" alt="chart" onerror="window.hacked = true"></p>';

/** Lets pending effects and their dynamic imports settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('article rich text', () => {
  it('keeps the markup the server rendered (and sanitised) as it is', async () => {
    const { container } = render(<SafeHtml html={RICH} />);
    await settle();
    expect(container.firstElementChild?.innerHTML).toBe(RICH);
  });

  it('is sanitised in the browser when the browser renders the page by itself', async () => {
    render(
      <ServerMarkup.Provider value={false}>
        <SafeHtml html={RICH} />
      </ServerMarkup.Provider>,
    );
    const link = await screen.findByRole('link', { name: 'the report' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('img', { name: 'chart' })).not.toHaveAttribute('onerror');
  });

  it('keeps a video player and tells it which site embeds it, and drops any other frame', async () => {
    const player = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    const { container } = render(
      <ServerMarkup.Provider value={false}>
        <SafeHtml
          html={`<iframe src="${player}" referrerpolicy="no-referrer"></iframe><iframe src="https://evil.example/x"></iframe><p>after</p>`}
        />
      </ServerMarkup.Provider>,
    );
    await screen.findByText('after');
    const frames = container.querySelectorAll('iframe');
    expect([...frames].map((frame) => frame.getAttribute('src'))).toEqual([player]);
    expect(frames[0]).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  });

  it('shows nothing of browser-rendered rich text before it is sanitised', () => {
    const { container } = render(
      <ServerMarkup.Provider value={false}>
        <SafeHtml html={RICH} />
      </ServerMarkup.Provider>,
    );
    expect(container.firstElementChild?.innerHTML).toBe('');
  });

  it('sanitises rich text that differs from what the server rendered', async () => {
    const { rerender } = render(<SafeHtml html="<p>served</p>" />);
    rerender(<SafeHtml html={RICH} />);
    const link = await screen.findByRole('link', { name: 'the report' });
    await waitFor(() => expect(link).toHaveAttribute('rel', 'noopener noreferrer'));
    expect(screen.getByRole('img', { name: 'chart' })).not.toHaveAttribute('onerror');
  });
});
