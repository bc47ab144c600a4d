/**
 * A small PDF 1.4 writer for one-page documents of text and rules (receipts):
 * the standard Helvetica fonts (no embedding, every reader has them), text in
 * WinAnsi encoding, uncompressed content so the text stays searchable and
 * testable. Coordinates are in points from the top-left corner of an A4 page.
 */
export type PdfFont = 'regular' | 'bold';

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;

/** Helvetica advance widths (1/1000 em) for ASCII 32..126, to right-align and measure text. */
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];

/** Characters outside Latin-1 that WinAnsi has, by code point. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x2013: 0x96,
  0x2014: 0x97,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x20ac: 0x80,
};

function winAnsiBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 32 && code <= 126) out.push(code);
    else if (code >= 160 && code <= 255) out.push(code);
    else out.push(WIN_ANSI_EXTRA[code] ?? 63);
  }
  return out;
}

function pdfString(text: string): string {
  return `(${winAnsiBytes(text)
    .map((b) => {
      if (b === 40 || b === 41 || b === 92) return `\\${String.fromCharCode(b)}`;
      if (b > 126) return `\\${b.toString(8).padStart(3, '0')}`;
      return String.fromCharCode(b);
    })
    .join('')})`;
}

export function textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
  const boldFactor = font === 'bold' ? 1.05 : 1;
  let units = 0;
  for (const b of winAnsiBytes(text)) units += b >= 32 && b <= 126 ? WIDTHS[b - 32] : 556;
  return (units / 1000) * size * boldFactor;
}

export class SimplePdf {
  private readonly ops: string[] = [];
  private readonly info: Record<string, string>;

  constructor(info: { title: string; author: string }) {
    this.info = { Title: info.title, Author: info.author, Producer: info.author };
  }

  readonly width = PAGE_WIDTH;
  readonly height = PAGE_HEIGHT;

  text(x: number, top: number, text: string, options: { size?: number; font?: PdfFont; align?: 'left' | 'right' | 'center'; gray?: number } = {}): this {
    const size = options.size ?? 11;
    const font = options.font ?? 'regular';
    const left = options.align === 'right' ? x - textWidth(text, size, font) : options.align === 'center' ? x - textWidth(text, size, font) / 2 : x;
    const gray = options.gray ?? 0;
    this.ops.push(
      `BT ${gray.toFixed(2)} g /${font === 'bold' ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(2)} ${(PAGE_HEIGHT - top - size).toFixed(2)} Td ${pdfString(text)} Tj ET`,
    );
    return this;
  }

  /** Words wrapped into lines no wider than `maxWidth`; answers the top of the next line. */
  paragraph(x: number, top: number, text: string, maxWidth: number, options: { size?: number; gray?: number } = {}): number {
    const size = options.size ?? 11;
    let line = '';
    let y = top;
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size) > maxWidth) {
        this.text(x, y, line, { size, gray: options.gray });
        y += size * 1.4;
        line = word;
      } else line = next;
    }
    if (line) {
      this.text(x, y, line, { size, gray: options.gray });
      y += size * 1.4;
    }
    return y;
  }

  rule(x1: number, top: number, x2: number, options: { width?: number; gray?: number } = {}): this {
    const y = (PAGE_HEIGHT - top).toFixed(2);
    this.ops.push(`${(options.gray ?? 0.8).toFixed(2)} G ${(options.width ?? 0.75).toFixed(2)} w ${x1.toFixed(2)} ${y} m ${x2.toFixed(2)} ${y} l S`);
    return this;
  }

  toBuffer(): Buffer {
    const content = this.ops.join('\n');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      `<< ${Object.entries(this.info)
        .map(([k, v]) => `/${k} ${pdfString(v)}`)
        .join(' ')} >>`,
    ];
    let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    objects.forEach((obj, i) => {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
    });
    const xref = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
}
