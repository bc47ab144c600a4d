import { SimplePdf } from '../../common/pdf/simple-pdf';
import type { CertificateRow } from './certificates.repository';

const dateText = (d: Date) => new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The certificate of completion as a one-page PDF: the learner, the course, the date, the site, and where to verify it. */
export function certificatePdf(c: CertificateRow, verifyUrl: string): Buffer {
  const pdf = new SimplePdf({ title: `Certificate of completion: ${c.course_title}`, author: c.site_name });
  const centre = (top: number, text: string, size: number, font: 'regular' | 'bold' = 'regular', gray = 0) => {
    pdf.text(pdf.width / 2, top, text, { size, font, gray, align: 'center' });
  };
  centre(150, c.site_name, 14, 'bold', 0.35);
  centre(210, 'Certificate of Completion', 30, 'bold');
  pdf.rule(120, 262, pdf.width - 120, { width: 1.5, gray: 0.6 });
  centre(300, 'This certifies that', 13, 'regular', 0.35);
  centre(330, c.learner_name, 26, 'bold');
  centre(385, 'has completed the course', 13, 'regular', 0.35);
  centre(415, c.course_title, 20, 'bold');
  centre(470, `on ${dateText(c.completed_at)}`, 13, 'regular', 0.35);
  pdf.rule(120, 560, pdf.width - 120, { width: 0.75, gray: 0.8 });
  centre(580, `Certificate ID: ${c.id}`, 10, 'regular', 0.4);
  centre(598, `Verify at ${verifyUrl}`, 10, 'regular', 0.4);
  return pdf.toBuffer();
}
