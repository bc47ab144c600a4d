import { pdfFonts, pdfText } from '../../../test/support/pdf-text';
import { PdfDocument } from './pdf-document';

describe('PdfDocument', () => {
  it('documents written side by side share the parsed fonts but each embeds and extracts only its own text', async () => {
    const a = new PdfDocument({ title: 'A', author: 'Test' });
    const b = new PdfDocument({ title: 'B', author: 'Test' });
    a.text(40, 40, 'Łukasz Øberg', { weight: 'bold' });
    b.text(40, 40, 'Дмитрий 王小明');
    a.text(40, 80, 'Åsa Ğül');
    b.text(40, 80, 'Zoë', { weight: 'bold' });
    const [pa, pb] = await Promise.all([a.toBuffer(), b.toBuffer()]);

    const ta = pdfText(pa);
    const tb = pdfText(pb);
    expect(ta).toContain('Łukasz Øberg');
    expect(ta).toContain('Åsa Ğül');
    expect(tb).toContain('Дмитрий 王小明');
    expect(tb).toContain('Zoë');
    expect(ta).not.toMatch(/Дмитрий|王|Zoë/);
    // A has no Chinese, so no CJK font; B embeds both faces, every one a subset.
    expect(pdfFonts(pa).map((f) => f.name)).not.toEqual(expect.arrayContaining([expect.stringMatching(/SC/)]));
    expect(pdfFonts(pb).map((f) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/SC/)]));
    for (const font of [...pdfFonts(pa), ...pdfFonts(pb)]) expect(font).toMatchObject({ embedded: true, subset: true });
    // The Latin-only document does not carry glyphs it never printed.
    expect(pa.length).toBeLessThan(pb.length);
  });

  it('a letter embedded first as part of another (the G of Ğ) still extracts as itself in every later document', async () => {
    const first = new PdfDocument({ title: 'A', author: 'Test' });
    first.text(40, 40, 'Ğül Øberg', { weight: 'bold' });
    first.text(40, 80, 'Ğül Øberg');
    expect(pdfText(await first.toBuffer())).toContain('Ğül Øberg');

    const later = new PdfDocument({ title: 'B', author: 'Test' });
    later.text(40, 40, 'RECHNUNG Jürgen Groß', { weight: 'bold' });
    later.text(40, 80, 'Jürgen Groß, Oslo');
    const text = pdfText(await later.toBuffer());
    expect(text).toContain('RECHNUNG Jürgen Groß');
    expect(text).toContain('Jürgen Groß, Oslo');
  });
});
