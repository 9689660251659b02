import sanitizeHtml from 'sanitize-html';
import { isVideoEmbedUrl } from '@newsroom/contract';

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
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder', 'title'],
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
  },
};

/**
 * Cleans the rich-text description of a news article. Used before it is stored and again by the
 * server-side renderer before it is shown.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
