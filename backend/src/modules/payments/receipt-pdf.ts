import { countryName, formatDate, formatMoney, formatPercent, translator, type Language, type Translator } from '../../common/i18n';
import { PdfDocument } from '../../common/pdf/pdf-document';
import { REFUND_MAX_ACCESSED_PERCENT, REFUND_WINDOW_DAYS } from './refund-policy';
import { splitInclusiveTax } from './tax';

export interface Seller {
  name: string;
  address: string;
  supportEmail: string;
  /** The seller's VAT or tax ID (Settings > General); empty: none printed. */
  taxId?: string;
  siteName: string;
  /** Settings > General > Timezone (IANA): the zone of the documents' dates. */
  timeZone?: string;
}

/** "R-001001": the invoice (formerly receipt) number as printed. */
export function receiptNumber(n: string | number): string {
  return `R-${String(n).padStart(6, '0')}`;
}

/** "CN-000001": the credit note number as printed. */
export function creditNoteNumber(n: string | number): string {
  return `CN-${String(n).padStart(6, '0')}`;
}

/** What an invoice states about its payment. */
export interface InvoiceFacts {
  number: string;
  /** When the invoice was issued; paidAt is the date of supply (access starts on payment). */
  issuedAt: Date;
  paidAt: Date;
  paymentId: string;
  /** Decimal text in `currency`. */
  amount: string;
  /** The price before the coupon; null: no coupon. */
  listAmount: string | null;
  discountAmount: string;
  couponCode: string | null;
  currency: string;
  /** "Card", "PayPal", or "USDT on Tron (TRC-20)". */
  method: string;
  /** The tax rate in percent included in the amount; null: no tax charged. */
  taxRate: string | null;
}

export interface Buyer {
  email: string;
  /** The payer's or account's name, when known. */
  name?: string | null;
  /** What the buyer added at checkout for the invoice. */
  company?: string | null;
  address?: string | null;
  /** ISO 3166 alpha-2, printed as the country's name in the document's language. */
  country?: string | null;
  vatId?: string | null;
}

export interface CreditNoteFacts {
  number: string;
  issuedAt: Date;
  reason?: string | null;
}

function header(pdf: PdfDocument, t: Translator, seller: Seller, title: string, rows: Array<[string, string]>): number {
  const left = 56;
  const right = pdf.width - 56;
  pdf.text(left, 56, seller.name, { size: 18, weight: 'bold' });
  let y = pdf.paragraph(left, 82, seller.address, 260, { size: 10, gray: 0.35 });
  if (seller.taxId) y = pdf.paragraph(left, y, t('documents.invoice.vatId', { id: seller.taxId }), 260, { size: 10, gray: 0.35 });
  if (seller.supportEmail) y = pdf.paragraph(left, y, seller.supportEmail, 260, { size: 10, gray: 0.35 });
  pdf.text(right, 56, title, { size: 18, weight: 'bold', align: 'right' });
  let ry = 84;
  for (const [label, value] of rows) {
    pdf.text(right - 110, ry, label, { size: 9, gray: 0.35, align: 'right' });
    pdf.text(right, ry, value, { size: 9, align: 'right' });
    ry += 15;
  }
  return Math.max(y, ry) + 24;
}

/** "Billed to": the company (or else the name) in bold, then the name, address, country, email and VAT ID. */
function buyerBlock(pdf: PdfDocument, t: Translator, language: Language, buyer: Buyer, top: number): number {
  const left = 56;
  const width = 300;
  pdf.text(left, top, t('documents.invoice.buyer'), { size: 10, gray: 0.35 });
  let y = top + 16;
  const [first, ...rest] = [buyer.company, buyer.name].filter((line): line is string => Boolean(line));
  if (first) y = pdf.paragraph(left, y, first, width, { size: 11, weight: 'bold' }) + 1;
  for (const line of rest) y = pdf.paragraph(left, y, line, width, { size: 11 });
  if (buyer.address) y = pdf.paragraph(left, y, buyer.address, width, { size: 11 });
  if (buyer.country) y = pdf.paragraph(left, y, countryName(language, buyer.country), width, { size: 11 });
  y = pdf.paragraph(left, y, buyer.email, width, { size: 11 });
  if (buyer.vatId) y = pdf.paragraph(left, y, t('documents.invoice.vatId', { id: buyer.vatId }), width, { size: 11 });
  return y + 20;
}

/** The net and tax lines of an amount: split at the tax rate, or the whole amount net and "No tax charged". */
function taxLines(
  t: Translator,
  f: { language: Language },
  amount: string,
  taxRate: string | null,
  money: (amount: string) => string,
): Array<[string, string]> {
  if (taxRate === null)
    return [
      [t('documents.invoice.net'), money(amount)],
      [t('documents.invoice.noTax'), money('0')],
    ];
  const split = splitInclusiveTax(amount, taxRate);
  return [
    [t('documents.invoice.net'), money(split.net)],
    [t('documents.invoice.tax', { rate: formatPercent(f, Number(split.rate) / 100) }), money(split.tax)],
  ];
}

function lines(pdf: PdfDocument, rows: Array<[string, string]>, top: number, total: [string, string]): number {
  const left = 56;
  const right = pdf.width - 56;
  pdf.rule(left, top, right);
  let y = top + 14;
  for (const [label, value] of rows) {
    pdf.text(left, y, label, { size: 11, gray: 0.35 });
    pdf.text(right, y, value, { size: 11, align: 'right' });
    y += 22;
  }
  pdf.rule(left, y, right);
  y += 14;
  pdf.text(left, y, total[0], { size: 12, weight: 'bold' });
  pdf.text(right, y, total[1], { size: 12, weight: 'bold', align: 'right' });
  return y + 44;
}

function figures(t: Translator, f: { language: Language; timeZone: string }, facts: InvoiceFacts, site: string): Array<[string, string]> {
  const money = (amount: string) => formatMoney(f, amount, facts.currency);
  const rows: Array<[string, string]> = [[t('documents.invoice.item', { site }), money(facts.listAmount ?? facts.amount)]];
  if (facts.listAmount && facts.couponCode) rows.push([t('documents.invoice.discount', { code: facts.couponCode }), `−${money(facts.discountAmount)}`]);
  rows.push(...taxLines(t, f, facts.amount, facts.taxRate, money));
  rows.push([t('documents.invoice.currency'), facts.currency.toUpperCase()]);
  rows.push([t('documents.invoice.method'), facts.method]);
  rows.push([t('documents.invoice.paymentId'), facts.paymentId]);
  return rows;
}

/**
 * The invoice of a paid payment, one A4 page in the customer's language: the
 * seller (Settings > General), its number (gap-free, see ReceiptsRepository),
 * date and date of supply, the buyer, list price, coupon and discount, net,
 * tax, total, currency and payment method, and the refund policy.
 */
export async function receiptPdf(seller: Seller, buyer: Buyer, facts: InvoiceFacts, language: Language): Promise<Buffer> {
  const t = translator(language);
  const f = { language, timeZone: seller.timeZone ?? 'UTC' };
  const pdf = new PdfDocument({ title: `${t('documents.invoice.title')} ${facts.number}`, author: seller.name, language });
  let y = header(pdf, t, seller, t('documents.invoice.title'), [
    [t('documents.invoice.number'), facts.number],
    [t('documents.invoice.date'), formatDate(f, facts.issuedAt)],
    [t('documents.invoice.supplyDate'), formatDate(f, facts.paidAt)],
  ]);
  y = buyerBlock(pdf, t, language, buyer, Math.max(y, 170));
  y = lines(pdf, figures(t, f, facts, seller.siteName), y, [t('documents.invoice.total'), formatMoney(f, facts.amount, facts.currency)]);
  const width = pdf.width - 112;
  y = pdf.paragraph(
    56,
    y,
    t('documents.invoice.refundPolicy', { days: REFUND_WINDOW_DAYS, percent: formatPercent(f, REFUND_MAX_ACCESSED_PERCENT / 100) }),
    width,
    { size: 9, gray: 0.35 },
  );
  pdf.paragraph(56, y + 6, t('documents.invoice.thanks', { site: seller.siteName }), width, { size: 9, gray: 0.35 });
  return pdf.toBuffer();
}

/** The credit note of a refunded payment: it credits the invoice (number and date) with the amount paid. */
export async function creditNotePdf(seller: Seller, buyer: Buyer, invoice: InvoiceFacts, note: CreditNoteFacts, language: Language): Promise<Buffer> {
  const t = translator(language);
  const f = { language, timeZone: seller.timeZone ?? 'UTC' };
  const pdf = new PdfDocument({ title: `${t('documents.creditNote.title')} ${note.number}`, author: seller.name, language });
  let y = header(pdf, t, seller, t('documents.creditNote.title'), [
    [t('documents.creditNote.number'), note.number],
    [t('documents.creditNote.date'), formatDate(f, note.issuedAt)],
    [t('documents.invoice.number'), invoice.number],
  ]);
  y = buyerBlock(pdf, t, language, buyer, Math.max(y, 170));
  pdf.text(56, y, t('documents.creditNote.refersTo', { invoice: invoice.number, date: formatDate(f, invoice.issuedAt) }), { size: 11 });
  const credited = (amount: string) => (Number(amount) === 0 ? formatMoney(f, amount, invoice.currency) : `−${formatMoney(f, amount, invoice.currency)}`);
  const refunded = credited(invoice.amount);
  y = lines(
    pdf,
    [
      [t('documents.invoice.item', { site: seller.siteName }), refunded],
      ...taxLines(t, f, invoice.amount, invoice.taxRate, credited),
      [t('documents.invoice.method'), invoice.method],
      [t('documents.invoice.paymentId'), invoice.paymentId],
    ],
    y + 24,
    [t('documents.creditNote.refunded'), refunded],
  );
  if (note.reason) pdf.paragraph(56, y, t('documents.creditNote.reason', { reason: note.reason }), pdf.width - 112, { size: 9, gray: 0.35 });
  return pdf.toBuffer();
}
