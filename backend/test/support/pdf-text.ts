import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text a reader extracts from a PDF, by poppler's `pdftotext` (the same
 * engine desktop viewers' copy and search use): proves the fonts' ToUnicode maps
 * give back every character, not that some bytes happen to be in the file.
 * .ci/run installs poppler-utils when pdftotext is missing.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fonts a PDF embeds, by `pdffonts`: name, type, whether embedded and subset. */
export function pdfFonts(pdf: Buffer): Array<{ name: string; embedded: boolean; subset: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    return lines.map((line) => {
      const cols = line.trim().split(/\s+/);
      // name type [encoding words] emb sub uni object ID
      const [emb, sub] = cols.slice(-5, -3);
      return { name: cols[0], embedded: emb === 'yes', subset: sub === 'yes' };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
