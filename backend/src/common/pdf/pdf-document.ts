import type * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { fontFile, fontName, fontRuns, type Face, type Weight } from './fonts';

/**
 * pdfkit parses a font file again for every document that registers it
 * (fontkit.create, then cold glyph and layout caches): about 100 ms of CPU per
 * invoice on the event loop of the worker that also grants access. Each
 * document instead gets its own embedded font (its own subset, widths and
 * ToUnicode map) around the one parsed font of the process (fonts.ts). pdfkit
 * does not export that class, so it is taken once from a document that
 * registered a font the public way; the internals it relies on are checked,
 * and a pdfkit without them falls back to registerFont.
 */
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: fontkit.Font, id: string) => object;
interface PdfKitFonts {
  _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }>;
  _fontCount?: number;
  _font?: { constructor: EmbeddedFontClass; font?: unknown };
}

/**
 * The width of a run of one face at size 1, as pdfkit measures it (the laid
 * out glyphs' advance widths), remembered across documents: an invoice's
 * labels and paragraphs are the same in every invoice of a language, and
 * wrapping a paragraph measures each growing line.
 */
const widths = new Map<string, number>();
const WIDTHS_KEPT = 20_000;
function runWidth(face: Face, weight: Weight, text: string): number {
  const key = `${face}\u0000${weight}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    const { font } = fontFile(face, weight);
    width = font.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
    if (widths.size >= WIDTHS_KEPT) widths.clear();
    widths.set(key, width);
  }
  return width;
}

/**
 * pdfkit lays out each word of a text once per document and font (GSUB and
 * GPOS lookups, most of the time a document takes); the layouts are the same
 * in every document, so each face keeps one cache for the process, started
 * afresh when it grows large (names and emails are words too).
 */
const layouts = new Map<string, Record<string, unknown>>();
const LAYOUTS_KEPT = 20_000;
function sharedLayouts(name: string): Record<string, unknown> {
  let cache = layouts.get(name);
  if (!cache || Object.keys(cache).length >= LAYOUTS_KEPT) {
    cache = Object.create(null) as Record<string, unknown>;
    layouts.set(name, cache);
  }
  return cache;
}

let embeddedFont: EmbeddedFontClass | null | undefined;
function embeddedFontClass(): EmbeddedFontClass | null {
  if (embeddedFont === undefined) {
    const probe = new PDFDocument({ autoFirstPage: false, font: '' });
    probe.registerFont('probe', fontFile('latin', 'regular').bytes);
    probe.font('probe');
    const internals = probe as unknown as PdfKitFonts;
    const ok = typeof internals._fontFamilies === 'object' && typeof internals._fontCount === 'number' && typeof internals._font?.font === 'object';
    embeddedFont = ok ? internals._font!.constructor : null;
  }
  return embeddedFont;
}

/**
 * A one-page A4 document of text, rules and QR codes, drawn with pdfkit: the
 * text in embedded subset Noto fonts (every script a name may need, see
 * fonts.ts), searchable and extractable (pdfkit writes each font's ToUnicode
 * map). Coordinates are in points from the top-left corner.
 */
export interface TextOptions {
  size?: number;
  weight?: Weight;
  align?: 'left' | 'right' | 'center';
  /** 0 black .. 1 white. */
  gray?: number;
}

const grayColour = (gray: number): string => {
  const v = Math.round(Math.min(1, Math.max(0, gray)) * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
};

export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly registered = new Set<string>();
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: { title: string; author: string; language?: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      autoFirstPage: true,
      compress: true,
      // No default font: pdfkit would read and parse Helvetica's metrics for every document (about a third of an
      // invoice's time) for a font this class never uses: every text picks its Noto face first (use()).
      font: '',
      lang: info.language,
      displayTitle: true,
      info: { Title: info.title, Author: info.author, Producer: info.author, Creator: info.author },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get width(): number {
    return this.doc.page.width;
  }

  get height(): number {
    return this.doc.page.height;
  }

  private use(face: Face, weight: Weight, size: number): void {
    const name = fontName(face, weight);
    if (!this.registered.has(name)) {
      const Embedded = embeddedFontClass();
      const internals = this.doc as unknown as PdfKitFonts;
      if (Embedded && internals._fontFamilies && internals._fontCount !== undefined) {
        // doc.font(name) finds it under its name, as it would a font it opened itself.
        const font = new Embedded(this.doc, fontFile(face, weight).font, `F${++internals._fontCount}`) as { layoutCache?: Record<string, unknown> };
        // Its words' layouts (glyphs and positions, read-only once made) shared with every document of the process.
        if (font.layoutCache) font.layoutCache = sharedLayouts(name);
        internals._fontFamilies[name] = font;
      } else this.doc.registerFont(name, fontFile(face, weight).bytes);
      this.registered.add(name);
    }
    this.doc.font(name).fontSize(size);
  }

  /** The width of a line of text at this size and weight, across its font runs. */
  measure(text: string, options: Pick<TextOptions, 'size' | 'weight'> = {}): number {
    const size = options.size ?? 11;
    const weight = options.weight ?? 'regular';
    let width = 0;
    for (const run of fontRuns(text)) width += runWidth(run.face, weight, run.text) * size;
    return width;
  }

  /** One line of text, its top at `top`; x is its left edge, right edge or centre as `align` says. */
  text(x: number, top: number, text: string, options: TextOptions = {}): this {
    if (!text) return this;
    const size = options.size ?? 11;
    const weight = options.weight ?? 'regular';
    const width = this.measure(text, options);
    let left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.doc.fillColor(grayColour(options.gray ?? 0));
    for (const run of fontRuns(text)) {
      this.use(run.face, weight, size);
      this.doc.text(run.text, left, top, { lineBreak: false });
      left += runWidth(run.face, weight, run.text) * size;
    }
    return this;
  }

  /** Text wrapped at word boundaries within `maxWidth`, line by line; answers the top below the last line. */
  paragraph(x: number, top: number, text: string, maxWidth: number, options: TextOptions = {}): number {
    const size = options.size ?? 11;
    const lineHeight = size * 1.4;
    let y = top;
    for (const source of text.split('\n')) {
      let line = '';
      for (const word of source.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && this.measure(candidate, options) > maxWidth) {
          this.text(x, y, line, options);
          y += lineHeight;
          line = word;
        } else line = candidate;
      }
      if (line) {
        this.text(x, y, line, options);
        y += lineHeight;
      }
    }
    return y;
  }

  /** A horizontal rule. */
  rule(x1: number, top: number, x2: number, options: { width?: number; gray?: number } = {}): this {
    this.doc
      .save()
      .lineWidth(options.width ?? 0.75)
      .strokeColor(grayColour(options.gray ?? 0.75))
      .moveTo(x1, top)
      .lineTo(x2, top)
      .stroke()
      .restore();
    return this;
  }

  /** A rectangle's outline. */
  frame(x: number, top: number, width: number, height: number, options: { width?: number; gray?: number } = {}): this {
    this.doc
      .save()
      .lineWidth(options.width ?? 1)
      .strokeColor(grayColour(options.gray ?? 0.6))
      .rect(x, top, width, height)
      .stroke()
      .restore();
    return this;
  }

  /** A square matrix of dark modules (a QR code) as vector squares, `size` points wide, its top-left at (x, top). */
  modules(x: number, top: number, size: number, count: number, dark: (row: number, col: number) => boolean): this {
    const cell = size / count;
    this.doc.save().fillColor('#000000');
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) if (dark(row, col)) this.doc.rect(x + col * cell, top + row * cell, cell, cell);
    }
    this.doc.fill().restore();
    return this;
  }

  /** A clickable area pointing at a URL. */
  link(x: number, top: number, width: number, height: number, url: string): this {
    this.doc.link(x, top, width, height, url);
    return this;
  }

  /** The finished file. */
  toBuffer(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
