import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A course thumbnail as SVG: gradient, title and a subtle pattern. */
export function thumbnailSvg(title: string, from: string, to: string): string {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= 18) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .map(
      (line, i) =>
        `<text x="40" y="${200 + i * 52 - (lines.length - 1) * 26}" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="560" cy="60" r="120" fill="#fff" fill-opacity="0.08"/><circle cx="600" cy="330" r="80" fill="#fff" fill-opacity="0.06"/>
${text}
</svg>`;
}

function pdfEscape(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A small, valid one-page PDF with a title and paragraphs (correct xref offsets). */
export function simplePdf(title: string, paragraphs: string[]): Buffer {
  const lines = [`BT /F1 22 Tf 56 770 Td (${pdfEscape(title)}) Tj ET`];
  let y = 730;
  for (const paragraph of paragraphs) {
    const words = paragraph.split(' ');
    let line = '';
    for (const word of words) {
      if ((line + ' ' + word).trim().length > 85) {
        lines.push(`BT /F1 11 Tf 56 ${y} Td (${pdfEscape(line.trim())}) Tj ET`);
        y -= 16;
        line = word;
      } else line += ` ${word}`;
    }
    lines.push(`BT /F1 11 Tf 56 ${y} Td (${pdfEscape(line.trim())}) Tj ET`);
    y -= 28;
  }
  const stream = lines.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Writes a seed file under a media folder (the public one for images, the
 * private one for paid files) and answers its /media reference.
 */
export function writeSeedMedia(mediaDir: string, name: string, content: string | Buffer): string {
  const dir = join(mediaDir, 'seed');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), content);
  return `/media/seed/${name}`;
}
