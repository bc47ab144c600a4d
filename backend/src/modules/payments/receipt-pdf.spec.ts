import { pdfFonts, pdfText } from '../../../test/support/pdf-text';
import { creditNoteNumber, creditNotePdf, receiptNumber, receiptPdf, type InvoiceFacts, type Seller } from './receipt-pdf';

const NAME = 'Дмитрий Łukasz 王小明 Åsa Øberg Ğül';
const seller: Seller = {
  name: 'Bright & Co Academy Ltd.',
  address: 'Łódzka 5, 90-001 Łódź, Polska',
  supportEmail: 'help@bright.example',
  siteName: 'Bright Academy',
  timeZone: 'Europe/Berlin',
};
const invoice: InvoiceFacts = {
  number: receiptNumber(1042),
  issuedAt: new Date('2026-11-29T10:05:00Z'),
  paidAt: new Date('2026-11-29T10:04:00Z'),
  paymentId: '6f1c2c9e-3a43-4b0b-9f3e-8f3f5d1f0001',
  amount: '397.60',
  listAmount: '497.00',
  discountAmount: '99.40',
  couponCode: 'LAUNCH20',
  currency: 'EUR',
  method: 'Card',
  taxRate: null,
};
// pdftotext separates columns by spaces and may break a long line; compare with whitespace collapsed.
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('invoice and credit note PDFs', () => {
  it('the invoice carries the seller, a buyer named in four scripts, list price, coupon and discount, net, total, currency and method', async () => {
    const pdf = await receiptPdf(seller, { email: 'dmitry@example.com', name: NAME }, invoice, 'en');
    const text = flat(pdfText(pdf));
    for (const part of [
      NAME,
      'INVOICE',
      'R-001042',
      'Invoice date Nov 29, 2026',
      'Date of supply Nov 29, 2026',
      'Bright & Co Academy Ltd.',
      'Łódzka 5, 90-001 Łódź, Polska',
      'Billed to',
      'dmitry@example.com',
      'Lifetime access to Bright Academy €497.00',
      'Discount (LAUNCH20) −€99.40',
      'Net amount €397.60',
      'No tax charged €0.00',
      'Currency EUR',
      'Payment method Card',
      'Total paid €397.60',
      'Refund policy: refunds are possible within 30 days of payment if no more than 20% of the content has been accessed.',
    ])
      expect(text).toContain(part);
    for (const font of pdfFonts(pdf)) expect(font).toMatchObject({ embedded: true, subset: true });
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('speaks the customer language with its money and dates (German: "397,60 €", "29. Nov. 2026")', async () => {
    const text = flat(pdfText(await receiptPdf(seller, { email: 'a@example.com', name: 'Jürgen Groß' }, invoice, 'de')));
    for (const part of [
      'RECHNUNG',
      'Rechnungsnummer R-001042',
      'Leistungsdatum 29. Nov. 2026',
      'Rabatt (LAUNCH20) −99,40 €',
      'Gezahlter Betrag 397,60 €',
      'Jürgen Groß',
    ])
      expect(text).toContain(part);
    const es = flat(
      pdfText(await receiptPdf(seller, { email: 'a@example.com' }, { ...invoice, listAmount: null, couponCode: null, discountAmount: '0' }, 'es')),
    );
    expect(es).toContain('FACTURA');
    expect(es).toContain('Total pagado 397,60 €');
    expect(es).not.toContain('Descuento');
  });

  it("shows the tax included in the price, and the buyer's company, address, country and VAT ID, in the customer language", async () => {
    const buyer = {
      email: 'einkauf@muster.example',
      name: 'Jürgen Groß',
      company: 'Muster GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      country: 'DE',
      vatId: 'DE123456789',
    };
    const taxed = { ...invoice, taxRate: '19.00' };
    const text = flat(pdfText(await receiptPdf({ ...seller, taxId: 'PL5250001009' }, buyer, taxed, 'de')));
    for (const part of [
      'USt-IdNr.: PL5250001009',
      'Rechnung an Muster GmbH Jürgen Groß Hauptstraße 1 10115 Berlin Deutschland einkauf@muster.example USt-IdNr.: DE123456789',
      // 397.60 including 19%: 334.12 net + 63.48 tax.
      'Nettobetrag 334,12 €',
      'USt. (19 %) 63,48 €',
      'Gezahlter Betrag 397,60 €',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Keine Steuer berechnet');

    const en = flat(pdfText(await receiptPdf(seller, buyer, { ...taxed, taxRate: '7.70' }, 'en')));
    expect(en).toContain('Germany');
    expect(en).toContain('Net amount €369.17');
    expect(en).toContain('Tax (7.7%) €28.43');
    expect(en).not.toContain('No tax charged');

    const note = flat(pdfText(await creditNotePdf(seller, buyer, taxed, { number: creditNoteNumber(8), issuedAt: new Date('2026-12-03T09:00:00Z') }, 'fr')));
    for (const part of ['Montant HT −334,12 €', 'TVA (19 %) −63,48 €', 'N° TVA : DE123456789', 'Allemagne']) expect(note).toContain(part);
  });

  it('the credit note references its invoice and credits the amount paid', async () => {
    const pdf = await creditNotePdf(
      seller,
      { email: 'dmitry@example.com', name: NAME },
      invoice,
      { number: creditNoteNumber(7), issuedAt: new Date('2026-12-03T09:00:00Z'), reason: 'Requested by the buyer' },
      'en',
    );
    const text = flat(pdfText(pdf));
    for (const part of [
      NAME,
      'CREDIT NOTE',
      'CN-000007',
      'Credits invoice R-001042 of Nov 29, 2026',
      'Amount refunded −€397.60',
      'Reason: Requested by the buyer',
    ])
      expect(text).toContain(part);
  });
});
