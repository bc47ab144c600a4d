import { pdfFonts, pdfText } from '../../../test/support/pdf-text';
import { certificatePdf } from './certificate-pdf';
import type { CertificateRow } from './certificates.repository';

const NAME = 'Дмитрий Łukasz 王小明 Åsa Øberg Ğül';

const row = (over: Partial<CertificateRow> = {}): CertificateRow => ({
  id: 'c3rt1f1cat3-id-0001',
  user_id: null,
  course_id: 1,
  learner_name: NAME,
  course_title: 'Ελληνικά για αρχάριους',
  site_name: 'Affiliate Academy',
  completed_at: new Date('2026-11-29T10:00:00Z'),
  issued_at: new Date('2026-11-29T10:00:00Z'),
  revoked_at: null,
  revoked_reason: null,
  replaced_by: null,
  ...over,
});

describe('certificatePdf', () => {
  it('prints a name in Cyrillic, Latin Extended, Chinese and Nordic letters whole: every character extracts back', async () => {
    const pdf = await certificatePdf(row(), 'https://academy.example/certificates/c3rt1f1cat3-id-0001', { language: 'en', timeZone: 'UTC' });
    const text = pdfText(pdf);
    expect(text).toContain(NAME);
    expect(text).toContain('Ελληνικά για αρχάριους');
    for (const part of ['Certificate of Completion', 'Affiliate Academy', 'on November 29, 2026', 'Certificate ID: c3rt1f1cat3-id-0001'])
      expect(text).toContain(part);
    expect(text).toContain('Verify at https://academy.example/certificates/c3rt1f1cat3-id-0001');
    // Fonts embedded as subsets (a Chinese name does not carry a 10 MB font), and the file stays small.
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true });
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('speaks the learner language: texts from the catalogue, the date through Intl', async () => {
    const text = pdfText(
      await certificatePdf(row({ learner_name: 'Zoë Ñúñez' }), 'https://x.example/certificates/a', { language: 'fr', timeZone: 'Europe/Paris' }),
    );
    for (const part of ['Certificat de réussite', 'Nous certifions que', 'Zoë Ñúñez', 'le 29 novembre 2026', 'Scannez pour vérifier'])
      expect(text).toContain(part);
    const de = pdfText(
      await certificatePdf(row({ learner_name: 'Jürgen Groß' }), 'https://x.example/certificates/a', { language: 'de', timeZone: 'Europe/Berlin' }),
    );
    for (const part of ['Teilnahmezertifikat', 'Jürgen Groß', 'am 29. November 2026']) expect(de).toContain(part);
  });

  it('a Latin-only name embeds no CJK font', async () => {
    const pdf = await certificatePdf(row({ learner_name: 'Ada Lovelace', course_title: 'Verified Skills' }), 'https://x.example/certificates/a', {
      language: 'en',
      timeZone: 'UTC',
    });
    expect(
      pdfFonts(pdf)
        .map((f) => f.name)
        .join(' '),
    ).not.toMatch(/SC/);
  });
});
