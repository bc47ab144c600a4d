import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { LegalPlaceholder } from './legal-pages';

/** Raw HTML in the Markdown is shown as text, never interpreted; bare addresses become links. */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });

/** `{{name}}`, also as a link address writes it (`%7B%7Bname%7D%7D`). */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}|%7B%7B([A-Za-z]+)%7D%7D/gi;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PlaceholderValues = Record<LegalPlaceholder, string>;

const known = (values: PlaceholderValues, name: string): name is LegalPlaceholder => Object.hasOwn(values, name);

/**
 * A legal page's Markdown as the HTML the learner site shows: rendered with
 * markdown-it (raw HTML off), then sanitised with an allow-list (headings,
 * paragraphs, emphasis, lists, tables, links to http(s), mailto: and the
 * site's own pages; no scripts, styles, event handlers, images or
 * javascript: links). The placeholders are filled while sanitising: in text
 * as `<span data-placeholder="price">497,00 €</span>` (escaped), in a link's
 * address as the value, whose scheme is then checked like any other. A
 * placeholder nobody knows stays as written.
 */
export function renderLegalMarkdown(source: string, values: PlaceholderValues): string {
  const fillAttribute = (value: string) =>
    value.replace(PLACEHOLDER, (whole, a: string | undefined, b: string | undefined) => {
      const name = a ?? b ?? '';
      return known(values, name) ? values[name] : whole;
    });
  return sanitizeHtml(markdown.render(source), {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'em',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'code',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], ol: ['start'], th: ['style'], td: ['style'] },
    allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // A page's own title is the page's h1: a heading of the text is at most a section.
    transformTags: {
      h1: 'h2',
      '*': (tagName, attribs) => {
        const filled = Object.fromEntries(Object.entries(attribs).map(([key, value]) => [key, fillAttribute(value)]));
        if (tagName === 'a' && /^https?:\/\//i.test(filled.href ?? '')) Object.assign(filled, { target: '_blank', rel: 'noopener noreferrer' });
        return { tagName, attribs: filled };
      },
    },
    // The text arrives escaped; what is returned goes out as it is.
    textFilter: (text) =>
      text.replace(PLACEHOLDER, (whole, a: string | undefined) =>
        a !== undefined && known(values, a) ? `<span data-placeholder="${a}">${escapeHtml(values[a])}</span>` : whole,
      ),
  }).trim();
}
