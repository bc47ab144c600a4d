import mjml2html from 'mjml';
import { translator, type Language, type MessageId, type MessageValues, type Translator } from '../../../common/i18n';

/**
 * Every mail is MJML (a maintained mail toolkit: responsive tables, inline
 * styles, Outlook fallbacks) around the blocks of its body. Compiling MJML
 * costs tens of milliseconds, so a mail is compiled once per shape (the
 * sequence of its block kinds), with slots where its texts and links go;
 * sending a mail only fills the slots of the cached HTML, escaped.
 */

/** Who sends, and in which language the reader reads: the site name, its public address and the support contact (Settings > General). */
export interface MailBrand {
  siteName: string;
  publicUrl: string;
  supportEmail: string;
  supportUrl: string;
  /** The IANA zone of Settings > General > Timezone, in which mails show dates (UTC when absent). */
  timeZone?: string;
  /** The reader's language (the customer's; English for the site's administrators). */
  language: Language;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A text in both parts: HTML (escaped, with its emphasis) and plain. */
export interface Rich {
  html: string;
  text: string;
}

type Emphasis = { strong: string } | { link: string; label: string };

/**
 * A catalogue text with some values set off in HTML (bold, or a link), escaped
 * everywhere else: the translation decides where the values go.
 */
export function rich(t: Translator, id: MessageId, values: MessageValues = {}, emphasis: Record<string, Emphasis> = {}): Rich {
  const marked: MessageValues = { ...values };
  for (const name of Object.keys(emphasis)) marked[name] = `\uE000${name}\uE001`;
  const plainValues: MessageValues = { ...values };
  for (const [name, e] of Object.entries(emphasis))
    plainValues[name] = 'strong' in e || e.link === e.label || e.link === `mailto:${e.label}` ? ('strong' in e ? e.strong : e.label) : `${e.label} (${e.link})`;
  const html = escapeHtml(t(id, marked)).replace(/\uE000(\w+)\uE001/g, (_, name: string) => {
    const e = emphasis[name];
    return 'strong' in e ? `<strong>${escapeHtml(e.strong)}</strong>` : `<a href="${escapeHtml(e.link)}" style="color:#4f46e5">${escapeHtml(e.label)}</a>`;
  });
  return { html, text: t(id, plainValues) };
}

/** Plain text as both parts. */
export function plain(text: string): Rich {
  return { html: escapeHtml(text), text };
}

type Block =
  | { kind: 'text'; html: string }
  | { kind: 'quote'; html: string }
  | { kind: 'button'; href: string; label: string }
  | { kind: 'facts'; rows: Array<[string, string]> }
  | { kind: 'image'; src: string; alt: string };

const FONT = 'Helvetica, Arial, sans-serif';

function blockMjml(block: Block, i: number): string {
  switch (block.kind) {
    case 'text':
      return `<mj-text>{{{b${i}}}}</mj-text>`;
    case 'quote':
      return `<mj-text container-background-color="#f8fafc" padding="12px">{{{b${i}}}}</mj-text><mj-spacer height="16px" />`;
    case 'button':
      return `<mj-button href="{{b${i}h}}">{{b${i}l}}</mj-button>`;
    case 'facts':
      return `<mj-table border="1px solid #e2e8f0" cellpadding="0" padding="0 0 16px 0" font-size="14px">{{{b${i}}}}</mj-table>`;
    case 'image':
      return `<mj-image src="{{b${i}s}}" alt="{{b${i}a}}" width="180px" height="180px" align="left" padding="0 0 16px 0" />`;
  }
}

function documentMjml(blocks: Block[]): string {
  return `<mjml lang="{{lang}}">
<mj-head>
<mj-title>{{title}}</mj-title>
<mj-preview>{{preheader}}</mj-preview>
<mj-attributes>
<mj-all font-family="${FONT}" />
<mj-text font-size="15px" line-height="22px" color="#0f172a" padding="0 0 16px 0" />
<mj-button background-color="#4f46e5" color="#ffffff" font-size="15px" font-weight="bold" border-radius="6px" inner-padding="12px 22px" align="left" padding="8px 0 20px 0" />
</mj-attributes>
</mj-head>
<mj-body background-color="#f1f5f9" width="600px">
<mj-section padding="24px 0 0 0"><mj-column background-color="#ffffff" padding="24px 32px 8px 32px">
<mj-text font-size="20px" font-weight="bold" color="#4f46e5" padding="0"><a href="{{home}}" style="color:#4f46e5;text-decoration:none">{{site}}</a></mj-text>
</mj-column></mj-section>
<mj-section padding="0"><mj-column background-color="#ffffff" padding="8px 32px 8px 32px">
${blocks.map(blockMjml).join('\n')}
</mj-column></mj-section>
<mj-section padding="0 0 24px 0"><mj-column background-color="#ffffff" border-top="1px solid #e2e8f0" padding="16px 32px 24px 32px">
<mj-text font-size="12px" line-height="18px" color="#64748b" padding="0">{{{footer}}}</mj-text>
</mj-column></mj-section>
</mj-body>
</mjml>`;
}

const compiled = new Map<string, string>();

/** The HTML of a mail shape, compiled by MJML the first time it is asked for. */
function shapeHtml(blocks: Block[]): string {
  const key = blocks.map((b) => b.kind).join(',');
  let html = compiled.get(key);
  if (!html) {
    const result = mjml2html(documentMjml(blocks), { validationLevel: 'strict', keepComments: false });
    html = result.html;
    compiled.set(key, html);
  }
  return html;
}

/** How many mail shapes are compiled (a test checks the cache is used). */
export function compiledShapes(): number {
  return compiled.size;
}

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{\{(\{?)(\w+)\}?\}\}/g, (match, raw: string, name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`Mail slot ${name} has no value`);
    return raw ? value : escapeHtml(value);
  });
}

/** A rendered mail, as the mail service takes it. */
export interface RenderedMail {
  to: string;
  tag: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * One mail being written: its body in blocks, each with its HTML and its
 * plain-text part, in the reader's language.
 */
export class MailWriter {
  readonly t: Translator;
  private readonly blocks: Block[] = [];
  private readonly textParts: string[] = [];

  constructor(readonly brand: MailBrand) {
    this.t = translator(brand.language);
  }

  /** A paragraph. */
  paragraph(text: Rich): this {
    this.blocks.push({ kind: 'text', html: text.html });
    this.textParts.push(text.text);
    return this;
  }

  /** A paragraph from the catalogue. */
  say(id: MessageId, values?: MessageValues, emphasis?: Record<string, Emphasis>): this {
    return this.paragraph(rich(this.t, id, values, emphasis));
  }

  /** A text kept as written (a reply, a message), set off from the rest. */
  quote(text: string): this {
    this.blocks.push({ kind: 'quote', html: `<div style="border-left:3px solid #4f46e5;padding-left:12px;white-space:pre-wrap">${escapeHtml(text)}</div>` });
    this.textParts.push(text);
    return this;
  }

  /** A call to action: a button in HTML, the label and the address on a line of their own in text. */
  button(href: string, label: string): this {
    this.blocks.push({ kind: 'button', href, label });
    this.textParts.push(`${label}: ${href}`);
    return this;
  }

  /** Label and value pairs (a receipt's figures). */
  facts(rows: Array<[string, string]>, textHeading?: string): this {
    this.blocks.push({ kind: 'facts', rows });
    const lines = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
    this.textParts.push(textHeading ? `${textHeading}\n${lines}` : lines);
    return this;
  }

  /** An inline image (a QR code attached with this content id); HTML only, the text part says the same in words. */
  image(src: string, alt: string): this {
    this.blocks.push({ kind: 'image', src, alt });
    return this;
  }

  /** A line of the text part only (what the HTML shows another way). */
  textOnly(text: string): this {
    this.textParts.push(text);
    return this;
  }

  /** The finished mail: the layout around the body, the support contact and why the reader gets it, in both parts. */
  mail(to: string, tag: string, subject: string, preheader: string): RenderedMail {
    const { brand, t } = this;
    const support = supportLine(t, brand);
    const why = t('mail.layout.why', { site: brand.siteName });
    const footer = support ? `${support.html}<br>${escapeHtml(why)}` : escapeHtml(why);
    const slots: Record<string, string> = {
      lang: brand.language,
      title: subject,
      preheader,
      home: `${brand.publicUrl}/`,
      site: brand.siteName,
      footer,
    };
    this.blocks.forEach((block, i) => {
      if (block.kind === 'text' || block.kind === 'quote') slots[`b${i}`] = block.html;
      else if (block.kind === 'button') Object.assign(slots, { [`b${i}h`]: block.href, [`b${i}l`]: block.label });
      else if (block.kind === 'image') Object.assign(slots, { [`b${i}s`]: block.src, [`b${i}a`]: block.alt });
      else slots[`b${i}`] = factsRows(block.rows);
    });
    const html = fill(shapeHtml(this.blocks), slots);
    const text = `${brand.siteName}\n\n${this.textParts.join('\n\n').trim()}\n\n--\n${support ? `${support.text}\n` : ''}${why}\n`;
    return { to, tag, subject, text, html };
  }
}

function factsRows(rows: Array<[string, string]>): string {
  return rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:8px 12px;font-size:14px;color:#64748b;border-bottom:1px solid #e2e8f0">${escapeHtml(k)}</td>` +
        `<td align="right" style="padding:8px 12px;font-size:14px;color:#0f172a;border-bottom:1px solid #e2e8f0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
}

/** "Questions? Email help@… or visit https://…." (nothing when no support contact is set). */
function supportLine(t: Translator, brand: MailBrand): Rich | null {
  const email = brand.supportEmail ? { link: `mailto:${brand.supportEmail}`, label: brand.supportEmail } : null;
  const url = brand.supportUrl ? { link: brand.supportUrl, label: brand.supportUrl } : null;
  if (email && url) return rich(t, 'mail.layout.supportBoth', {}, { email, url });
  if (email) return rich(t, 'mail.layout.supportEmail', {}, { email });
  if (url) return rich(t, 'mail.layout.supportUrl', {}, { url });
  return null;
}
