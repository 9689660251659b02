import sanitizeHtml from 'sanitize-html';
import { VIDEO_EMBED_REFERRER_POLICY, isVideoEmbedUrl } from '@newsroom/contract';

/** A colour as Quill writes it: #hex, rgb()/rgba() or a plain colour name. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i];

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** The allow-list: what Quill (snow theme) produces, and nothing that can run code. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'a',
    'ol',
    'ul',
    'li',
    ...HEADINGS,
    'blockquote',
    'pre',
    'code',
    'span',
    'div',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title', 'referrerpolicy'],
    li: ['data-list'],
    p: ['style'],
    span: ['style'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [
    'www.youtube.com',
    'youtube.com',
    'www.youtube-nocookie.com',
    'youtube-nocookie.com',
    'player.vimeo.com',
  ],
  allowIframeRelativeUrls: false,
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isVideoEmbedUrl(frame.attribs.src),
  transformTags: {
    // A link that opens a new tab must not hand the new page a handle on this one.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
    // A player is told which site embeds it, whatever the text said (contract/video.ts).
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, referrerpolicy: VIDEO_EMBED_REFERRER_POLICY },
    }),
  },
};

/**
 * Cleans the rich-text description of a news article: before it is stored, and again as the
 * server renders it (pages/reads.ts), so a page shows text cleaned by the rules of today
 * even when it was stored under older ones. Text it has cleaned comes out of it unchanged.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
