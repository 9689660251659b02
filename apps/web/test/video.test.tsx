import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoPreviewBox } from '../src/admin/news/VideoPreviewBox.tsx';
import { VideoEmbed } from '../src/public/article/VideoEmbed.tsx';

/** The address the editor's preview plays, and the one the article page plays. */
function played(url: string): { preview: string | null; article: string | null } {
  const src = (element: HTMLElement) => element.querySelector('iframe, video')?.getAttribute('src');
  const preview = render(<VideoPreviewBox url={url} />);
  const previewSrc = src(preview.container) ?? null;
  preview.unmount();
  const article = render(<VideoEmbed videoURL={url} title="Story" />);
  const articleSrc = src(article.container) ?? null;
  article.unmount();
  return { preview: previewSrc, article: articleSrc };
}

describe('a video URL', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://cdn.example.com/clip.mp4', 'https://cdn.example.com/clip.mp4'],
  ])('%s plays the same in the editor preview and on the article page', (url, expected) => {
    expect(played(url)).toEqual({ preview: expected, article: expected });
  });

  it('plays in a player told which site embeds it (YouTube refuses to play otherwise)', () => {
    for (const url of ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871']) {
      for (const view of [
        render(<VideoPreviewBox url={url} />),
        render(<VideoEmbed videoURL={url} title="Story" />),
      ]) {
        expect(view.container.querySelector('iframe'), url).toHaveAttribute(
          'referrerpolicy',
          'strict-origin-when-cross-origin',
        );
        view.unmount();
      }
    }
  });

  it('that cannot be played is a link on the article and said so in the preview', () => {
    expect(played('https://example.com/watch/123')).toEqual({ preview: null, article: null });
    render(<VideoPreviewBox url="https://example.com/watch/123" />);
    expect(screen.getByText(/will show it as a link/)).toBeInTheDocument();
    render(<VideoEmbed videoURL="https://example.com/watch/123" title="Story" />);
    expect(screen.getByRole('link', { name: 'Watch the video' })).toHaveAttribute(
      'href',
      'https://example.com/watch/123',
    );
  });
});
