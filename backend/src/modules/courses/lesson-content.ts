import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });

const LOOKS_LIKE_HTML = /<\/?(p|h[1-6]|ul|ol|li|strong|em|b|i|u|div|br|img|pre|code|a|blockquote|span)\b[^>]*>/i;

const SAFE_IMAGE_SRC = /^(https:\/\/|\/media\/)/i;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'code', 'pre', 'blockquote', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    code: ['class'],
    ol: ['start'],
  },
  allowedClasses: { code: [/^language-[a-z0-9+#-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//i.test(attribs.href ?? '') ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

/**
 * Lesson content as stored: markdown is converted to HTML, then everything
 * is sanitised with an allow-list (headings, paragraphs, emphasis, lists,
 * links with safe schemes, code, images from our media or https). Data URIs
 * never survive: images must be uploaded to the media endpoint.
 */
export function toSafeLessonHtml(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  const html = LOOKS_LIKE_HTML.test(trimmed) ? trimmed : markdown.render(trimmed);
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

const EMBED_HOSTS = new Set(['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'www.loom.com', 'fast.wistia.net']);

/**
 * A video lesson's URL as an https embed from an allow-listed host; common
 * watch links (youtube.com/watch?v=, youtu.be/, vimeo.com/ID) are turned
 * into their embed form. Returns null when the URL cannot be embedded.
 */
export function toEmbedUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  if ((host === 'www.youtube.com' || host === 'youtube.com' || host === 'm.youtube.com') && url.pathname === '/watch') {
    const id = url.searchParams.get('v');
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return /^[\w-]{6,20}$/.test(id) ? `https://www.youtube.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com' && /^\/\d+$/.test(url.pathname)) {
    return `https://player.vimeo.com/video${url.pathname}`;
  }
  if (!EMBED_HOSTS.has(host)) return null;
  const embedPath = /^\/(embed|video|share|embed\/iframe|medias)\//.test(url.pathname) || url.pathname.startsWith('/embed/');
  return embedPath ? url.toString() : null;
}
