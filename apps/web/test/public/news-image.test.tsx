import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NewsImage } from '../../src/public/NewsImage.tsx';
import { renderHeadHtml } from '../../src/public/head.ts';
import { shareImage } from '../../src/public/share-image.ts';
import { createNews } from './factories.ts';

const SIZED = '/uploads/news/1b2c-800x450.jpg';
const COVER_SIZES = '(min-width: 1024px) 860px, 100vw';

function renderImage(url: string, priority = false) {
  const article = createNews({ Image: { ImageURL: url } });
  const { container } = render(
    <NewsImage article={article} priority={priority} sizes={COVER_SIZES} />,
  );
  const img = container.querySelector('img');
  if (!img) throw new Error('no <img> rendered');
  return { container, img };
}

describe('an article picture', () => {
  it('marks the page’s main picture for the script that waits until it is shown', () => {
    expect(renderImage(SIZED, true).img).toHaveAttribute('elementtiming', 'main-picture');
    expect(renderImage(SIZED).img).not.toHaveAttribute('elementtiming');
  });

  it('offers AVIF and WebP at every width made, the original as the fallback, with its size', () => {
    const { container, img } = renderImage(SIZED, true);
    const [avif, webp] = container.querySelectorAll('picture > source');
    expect(avif?.getAttribute('type')).toBe('image/avif');
    expect(avif?.getAttribute('srcset')).toBe(
      `${SIZED}.320w.avif 320w, ${SIZED}.480w.avif 480w, ${SIZED}.640w.avif 640w, ${SIZED}.800w.avif 800w`,
    );
    expect(avif?.getAttribute('sizes')).toBe(COVER_SIZES);
    expect(webp?.getAttribute('type')).toBe('image/webp');
    expect(webp?.getAttribute('srcset')).toContain(`${SIZED}.800w.webp 800w`);
    expect(img.getAttribute('src')).toBe(SIZED);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '450']);
  });

  it('loads the first picture at once with high priority, and later ones lazily', () => {
    const first = renderImage(SIZED, true).img;
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual([
      'eager',
      'high',
    ]);
    const later = renderImage(SIZED).img;
    expect([later.getAttribute('loading'), later.getAttribute('fetchpriority')]).toEqual([
      'lazy',
      'auto',
    ]);
  });

  it('shows a picture stored without variants as it is', () => {
    const { container, img } = renderImage('/uploads/news/legacy.jpg');
    expect(container.querySelector('picture')).toBeNull();
    expect(img.getAttribute('src')).toBe('/uploads/news/legacy.jpg');
  });
});

describe('link previews of an article', () => {
  const head = (url: string) =>
    renderHeadHtml(
      { title: 'A title', description: 'A summary', image: shareImage(url, 'A park') },
      '/news/a-title',
      'https://news.example',
    );

  it('use the share JPEG with its width, height and type', () => {
    const html = head('/uploads/news/9f-1600x900.png');
    expect(html).toContain(
      '<meta property="og:image" content="https://news.example/uploads/news/9f-1600x900.png.og.jpg" />',
    );
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="675" />');
    expect(html).toContain('<meta property="og:image:type" content="image/jpeg" />');
    expect(html).toContain(
      '<meta name="twitter:image" content="https://news.example/uploads/news/9f-1600x900.png.og.jpg" />',
    );
  });

  it('use the original, without a size, when the picture has no variants', () => {
    const html = head('/uploads/news/legacy.jpg');
    expect(html).toContain('content="https://news.example/uploads/news/legacy.jpg"');
    expect(html).not.toContain('og:image:width');
  });
});
