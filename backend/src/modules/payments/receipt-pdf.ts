import { SimplePdf } from '../../common/pdf/simple-pdf';
import { receiptRows, REFUND_POLICY_SUMMARY, type ReceiptFacts } from '../mail';

export interface Seller {
  name: string;
  address: string;
  supportEmail: string;
  siteName: string;
  /** Settings > General > Timezone (IANA): the zone of the receipt's date. */
  timeZone?: string;
}

/** "R-001001": the receipt number as printed. */
export function receiptNumber(n: string | number): string {
  return `R-${String(n).padStart(6, '0')}`;
}

/** The one-page receipt PDF: seller (Settings > General), buyer, the figures of the payment, and the refund policy. */
export function receiptPdf(seller: Seller, buyerEmail: string, facts: ReceiptFacts): Buffer {
  const pdf = new SimplePdf({ title: `Receipt ${facts.number}`, author: seller.name });
  const left = 56;
  const right = pdf.width - 56;
  pdf.text(left, 56, seller.name, { size: 18, font: 'bold' });
  let y = pdf.paragraph(left, 82, seller.address, 260, { size: 10, gray: 0.35 });
  if (seller.supportEmail) pdf.text(left, y, seller.supportEmail, { size: 10, gray: 0.35 });
  pdf.text(right, 56, 'RECEIPT', { size: 18, font: 'bold', align: 'right' });
  pdf.text(right, 82, facts.number, { size: 11, align: 'right' });
  y = Math.max(y + 30, 150);
  pdf.text(left, y, 'Billed to', { size: 10, gray: 0.35 });
  pdf.text(left, y + 16, buyerEmail, { size: 11 });
  y += 56;
  pdf.rule(left, y, right);
  y += 14;
  for (const [label, value] of receiptRows(facts, seller.timeZone)) {
    pdf.text(left, y, label, { size: 11, gray: 0.35 });
    pdf.text(right, y, value, { size: 11, align: 'right' });
    y += 24;
  }
  pdf.rule(left, y, right);
  y += 14;
  pdf.text(left, y, 'Total paid', { size: 12, font: 'bold' });
  pdf.text(right, y, `${facts.amount} ${facts.currency}`, { size: 12, font: 'bold', align: 'right' });
  y += 48;
  y = pdf.paragraph(left, y, `Refund policy: ${REFUND_POLICY_SUMMARY}`, right - left, { size: 9, gray: 0.35 });
  pdf.paragraph(left, y + 6, `Thank you for learning with ${seller.siteName}.`, right - left, { size: 9, gray: 0.35 });
  return pdf.toBuffer();
}
