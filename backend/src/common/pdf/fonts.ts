import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

/**
 * The fonts of the PDFs: Noto Sans (Latin with its extensions, Greek,
 * Cyrillic) and Noto Sans SC (Chinese, and the kana and kanji Japanese names
 * use), both read from their npm packages (never committed) and embedded as
 * subsets: a PDF carries only the glyphs it prints. Text is split into runs of
 * one font (fontRuns): a character the main font lacks is printed with the CJK
 * one, so `Дмитрий Łukasz 王小明` prints whole.
 */
export type Weight = 'regular' | 'bold';
export type Face = 'latin' | 'cjk';

const FILES: Record<Face, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

interface Loaded {
  bytes: Buffer;
  font: fontkit.Font;
}

const loaded = new Map<string, Loaded>();

/** The font file's bytes and its parsed tables, read once per process. */
export function fontFile(face: Face, weight: Weight): Loaded {
  const key = `${face}-${weight}`;
  let entry = loaded.get(key);
  if (!entry) {
    const bytes = readFileSync(require.resolve(FILES[face][weight]));
    entry = { bytes, font: withCodePoints(fontkit.create(bytes) as fontkit.Font) };
    loaded.set(key, entry);
  }
  return entry;
}

/**
 * fontkit caches a glyph with the code points of whoever asked for it first.
 * Embedding a composite glyph (Ğ) asks for its components (G, the breve) with
 * none, and every later "G" laid out then carried no code point, so the PDF's
 * ToUnicode map lost it: "Groß" extracted as "roß". The font is shared by every
 * document of the process (pdf-document.ts), so this would strike any document
 * after one such name; a glyph asked for with code points gets them.
 */
function withCodePoints(font: fontkit.Font): fontkit.Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && codePoints?.length && !glyph.codePoints.length) (glyph as { codePoints: number[] }).codePoints = codePoints;
    return glyph;
  };
  return font;
}

/** The PDF name a face is registered under. */
export function fontName(face: Face, weight: Weight): string {
  return `${face}-${weight}`;
}

/** Spaces and marks that print in whichever font surrounds them. */
const NEUTRAL = /[\s\p{M}]/u;

/** The text cut into runs of one face: the main font wherever it has the glyph, else the CJK font when that has it. */
export function fontRuns(text: string): Array<{ face: Face; text: string }> {
  const runs: Array<{ face: Face; text: string }> = [];
  const latin = fontFile('latin', 'regular').font;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    let face: Face;
    if (NEUTRAL.test(ch) && runs.length > 0) face = runs[runs.length - 1].face;
    else if (latin.hasGlyphForCodePoint(code)) face = 'latin';
    else face = fontFile('cjk', 'regular').font.hasGlyphForCodePoint(code) ? 'cjk' : 'latin';
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}
