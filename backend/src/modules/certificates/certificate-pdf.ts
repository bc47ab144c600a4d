import QRCode from 'qrcode';
import { formatLongDate, translator, type Language } from '../../common/i18n';
import { PdfDocument } from '../../common/pdf/pdf-document';
import type { CertificateRow } from './certificates.repository';

export interface CertificateLook {
  /** The language of the texts and the date. */
  language: Language;
  /** IANA zone of Settings > General > Timezone: the zone of the date. */
  timeZone: string;
}

/**
 * The certificate of completion as a one-page A4 PDF: the site, the learner,
 * the course, the date in the learner's language, the ID, the verification
 * address and a QR code to it (drawn as vector squares), in a double frame.
 */
export async function certificatePdf(c: CertificateRow, verifyUrl: string, look: CertificateLook): Promise<Buffer> {
  const t = translator(look.language);
  const pdf = new PdfDocument({ title: `${t('documents.certificate.title')}: ${c.course_title}`, author: c.site_name, language: look.language });
  const w = pdf.width;
  const centre = (top: number, text: string, size: number, weight: 'regular' | 'bold' = 'regular', gray = 0) =>
    pdf.text(w / 2, top, text, { size, weight, gray, align: 'center' });
  pdf.frame(28, 28, w - 56, pdf.height - 56, { width: 2.5, gray: 0.25 });
  pdf.frame(36, 36, w - 72, pdf.height - 72, { width: 0.75, gray: 0.55 });

  centre(120, c.site_name, 16, 'bold', 0.3);
  centre(180, t('documents.certificate.title'), 30, 'bold');
  pdf.rule(120, 232, w - 120, { width: 1.5, gray: 0.6 });
  centre(270, t('documents.certificate.certifies'), 13, 'regular', 0.35);
  centre(300, c.learner_name, 26, 'bold');
  centre(355, t('documents.certificate.completed'), 13, 'regular', 0.35);
  centre(385, c.course_title, 20, 'bold');
  centre(440, t('documents.certificate.on', { date: formatLongDate(look, c.completed_at) }), 13, 'regular', 0.35);

  const qr = QRCode.create(verifyUrl, { errorCorrectionLevel: 'M' });
  const qrSize = 96;
  const qrTop = 540;
  pdf.modules((w - qrSize) / 2, qrTop, qrSize, qr.modules.size, (row, col) => Boolean(qr.modules.get(row, col)));
  pdf.link((w - qrSize) / 2, qrTop, qrSize, qrSize, verifyUrl);
  centre(qrTop + qrSize + 8, t('documents.certificate.scan'), 9, 'regular', 0.45);
  pdf.rule(120, 680, w - 120, { width: 0.75, gray: 0.8 });
  centre(695, t('documents.certificate.id', { id: c.id }), 10, 'regular', 0.4);
  centre(712, t('documents.certificate.verify', { url: verifyUrl }), 10, 'regular', 0.4);
  return pdf.toBuffer();
}
