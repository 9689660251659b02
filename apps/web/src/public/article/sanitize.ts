import DOMPurify from 'dompurify';
import { VIDEO_EMBED_REFERRER_POLICY, isVideoEmbedUrl } from '@newsroom/contract';

let configured = false;

function configure() {
  if (configured) return;
  configured = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element) {
      if (!isVideoEmbedUrl(node.getAttribute('src'))) node.remove();
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node instanceof HTMLIFrameElement) {
      node.setAttribute('referrerpolicy', VIDEO_EMBED_REFERRER_POLICY);
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
