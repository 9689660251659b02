import DOMPurify from 'dompurify';

/** Players an article's rich text may embed; any other iframe is removed. */
const EMBED_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

function isAllowedEmbed(src: string | null): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && EMBED_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

let configured = false;

function configure() {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element) {
      if (!isAllowedEmbed(node.getAttribute('src'))) node.remove();
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Sanitises article rich text in the browser (DOMPurify needs a DOM). */
export function sanitizeArticleHtml(html: string): string {
  configure();
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'target'],
  });
}
