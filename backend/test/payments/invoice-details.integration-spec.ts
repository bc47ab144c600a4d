import { randomBytes } from 'node:crypto';
import { entitlementsOf } from '../factories/payments.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const flat = (text: string) => text.replace(/\s+/g, ' ');

const GERMAN_BUYER = {
  buyerCountry: 'de',
  buyerCompany: '  Muster   GmbH ',
  buyerAddress: 'Hauptstraße 1\r\n\r\n  10115 Berlin ',
  buyerVatId: 'de123456789',
};

describe('invoices a business can file: buyer details at checkout, tax by country, the admin downloads', () => {
  let app: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    await app.http.put('/api/admin/settings/payments').set(admin).send({ currency: 'EUR', priceEUR: '497.00' }).expect(200);
    const general = await app.http
      .put('/api/admin/settings/general')
      .set(admin)
      .send({ sellerName: 'Tax Academy GmbH', sellerAddress: 'Ringstraße 1, 1010 Wien', sellerTaxId: 'ATU12345678', taxRates: 'de = 19; FR=20%' })
      .expect(200);
    expect(general.body).toMatchObject({ sellerTaxId: 'ATU12345678', taxRates: 'DE=19, FR=20' });
  });
  afterAll(() => app.close());

  const paymentCount = async () => (await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n as number;

  /** A checkout with these extra fields in the interface language, paid through the sandbox. */
  async function buy(extra: Record<string, unknown>, language = 'de'): Promise<string> {
    const res = await app.http
      .post('/api/payments/create')
      .set('x-interface-language', language)
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: `firma-${randomBytes(4).toString('hex')}@example.com`, ...extra })
      .expect(201);
    await app.http.post(`/api/payments/sandbox/${res.body.paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, res.body.paymentId)).length === 1, { what: 'entitlement' });
    return res.body.paymentId;
  }

  it('refuses tax rates that are not "country=rate" with a field message, keeping the stored ones', async () => {
    for (const [taxRates, message] of [
      ['XX=19', 'Tax rates: XX is not a country code (ISO 3166, two letters, such as DE)'],
      ['DE=19, DE=7', 'Tax rates: DE is listed twice'],
      ['DE=120', 'Tax rates: the rate of DE must be a percentage from 0 to 100'],
      ['Germany 19', 'Tax rates: "Germany 19" is not a country code and a rate, such as DE=19 or CH=8.1'],
    ]) {
      const res = await app.http.put('/api/admin/settings/general').set(admin).send({ taxRates }).expect(400);
      expect(res.body.errors).toEqual({ taxRates: message });
    }
    expect((await app.http.get('/api/admin/settings').set(admin).expect(200)).body.general.taxRates).toBe('DE=19, FR=20');
  });

  it('prints the buyer details under "Billed to" and the tax of their country on the invoice, in German', async () => {
    const paymentId = await buy(GERMAN_BUYER);
    const [stored] = await app.db.query(
      'SELECT buyer_country, buyer_company, buyer_address, buyer_vat_id, tax_rate::text, amount::text FROM payments WHERE id = $1',
      [paymentId],
    );
    expect(stored).toEqual({
      buyer_country: 'DE',
      buyer_company: 'Muster GmbH',
      buyer_address: 'Hauptstraße 1\n10115 Berlin',
      buyer_vat_id: 'DE123456789',
      tax_rate: '19.00',
      amount: '497.00',
    });

    const detail = (await app.http.get(`/api/admin/payments/${paymentId}`).set(admin).expect(200)).body;
    expect(detail).toMatchObject({
      buyerCountry: 'DE',
      buyerCompany: 'Muster GmbH',
      buyerAddress: 'Hauptstraße 1\n10115 Berlin',
      buyerVatId: 'DE123456789',
      taxRate: '19',
      taxAmount: '79.35',
      invoiceNumber: expect.stringMatching(/^R-\d{6}$/),
    });

    const pdf = await binary(app.http.get(`/api/admin/payments/${paymentId}/invoice`).set(admin)).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${detail.invoiceNumber}.pdf"`);
    const text = flat(pdfText(pdf.body as Buffer));
    for (const part of [
      'RECHNUNG',
      `Rechnungsnummer ${detail.invoiceNumber}`,
      'Tax Academy GmbH',
      'USt-IdNr.: ATU12345678',
      'Rechnung an Muster GmbH Hauptstraße 1 10115 Berlin Deutschland',
      'USt-IdNr.: DE123456789',
      'Lebenslanger Zugang',
      // 497.00 including 19%: 417.65 net and 79.35 tax.
      'Nettobetrag 417,65 €',
      'USt. (19 %) 79,35 €',
      'Gezahlter Betrag 497,00 €',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Keine Steuer berechnet');

    // The CSV carries the same (read by column name: columns are appended at the end over time).
    const csv = await app.http.get('/api/admin/payments/export').set(admin).expect(200);
    const [header, ...rows] = csv.text.trim().split(/\r?\n/);
    const columns = header.split(',');
    const row = rows.find((r) => r.startsWith(paymentId))!.split(',');
    const cells = (...names: string[]) => names.map((name) => (columns.includes(name) ? row[columns.indexOf(name)] : `no column ${name}`));
    expect(cells('buyerCountry', 'buyerCompany', 'buyerVatId', 'taxRate', 'taxAmount', 'couponCode', 'discountAmount')).toEqual([
      'DE',
      'Muster GmbH',
      'DE123456789',
      '19',
      '79.35',
      '',
      '0.00',
    ]);
  });

  it('says no tax was charged to a buyer of a country without a rate, or who gave no details (the checkout as before)', async () => {
    const american = await buy({ buyerCountry: 'US', buyerCompany: 'Acme Inc.' }, 'en');
    const text = flat(pdfText((await binary(app.http.get(`/api/admin/payments/${american}/invoice`).set(admin)).expect(200)).body as Buffer));
    for (const part of ['INVOICE', 'Billed to Acme Inc. United States', 'Net amount €497.00', 'No tax charged €0.00', 'Total paid €497.00'])
      expect(text).toContain(part);
    expect(text).not.toContain('VAT ID: DE');

    const plain = await buy({}, 'en');
    const detail = (await app.http.get(`/api/admin/payments/${plain}`).set(admin).expect(200)).body;
    expect(detail).toMatchObject({ buyerCountry: null, buyerCompany: null, buyerAddress: null, buyerVatId: null, taxRate: null, taxAmount: null });
    const plainText = flat(pdfText((await binary(app.http.get(`/api/admin/payments/${plain}/invoice`).set(admin)).expect(200)).body as Buffer));
    expect(plainText).toContain('No tax charged €0.00');
  });

  it('refuses bad buyer details with a field message in the buyer language (400) and stores nothing', async () => {
    const before = await paymentCount();
    const order = { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'bad-details@example.com' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ buyerCountry: 'XX' }, 'buyerCountry', 'Please choose your country from the list'],
      [{ buyerCountry: 'Germany' }, 'buyerCountry', 'Please choose your country from the list'],
      [{ buyerCountry: 49 }, 'buyerCountry', 'Please choose your country from the list'],
      [{ buyerCompany: 'x'.repeat(121) }, 'buyerCompany', 'The company name must be text of at most 120 characters'],
      [{ buyerCompany: ['Muster GmbH'] }, 'buyerCompany', 'The company name must be text of at most 120 characters'],
      [{ buyerAddress: 'x'.repeat(301) }, 'buyerAddress', 'The address must be text of at most 300 characters'],
      [{ buyerVatId: 'DE 123!' }, 'buyerVatId', 'The VAT ID must be 2 to 40 letters and digits (spaces, dots and hyphens allowed)'],
      [{ buyerVatId: 'D'.repeat(41) }, 'buyerVatId', 'The VAT ID must be 2 to 40 letters and digits (spaces, dots and hyphens allowed)'],
      [{ buyerVatId: 123456789 }, 'buyerVatId', 'The VAT ID must be 2 to 40 letters and digits (spaces, dots and hyphens allowed)'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await app.http.post('/api/payments/create').send({ ...order, ...extra });
      expect([res.status, res.body.errors]).toEqual([400, { [field]: message }]);
    }
    const german = await app.http
      .post('/api/payments/create')
      .set('x-interface-language', 'de')
      .send({ ...order, buyerCountry: 'XX' })
      .expect(400);
    expect(german.body.errors).toEqual({ buyerCountry: 'Bitte wähle dein Land aus der Liste' });
    expect(await paymentCount()).toBe(before);

    // Empty optional fields are not given: the checkout goes ahead without them.
    const blank = await app.http
      .post('/api/payments/create')
      .send({ ...order, buyerCountry: '', buyerCompany: ' ', buyerAddress: '\n', buyerVatId: '' })
      .expect(201);
    const [row] = await app.db.query('SELECT buyer_country, buyer_company, buyer_address, buyer_vat_id, tax_rate FROM payments WHERE id = $1', [
      blank.body.paymentId,
    ]);
    expect(row).toEqual({ buyer_country: null, buyer_company: null, buyer_address: null, buyer_vat_id: null, tax_rate: null });
  });

  it('serves the invoice and, once refunded, the credit note to admins only', async () => {
    const paymentId = await buy(GERMAN_BUYER);
    const learner = { authorization: `Bearer ${await login(app, await createUser(app.db))}` };
    await app.http.get(`/api/admin/payments/${paymentId}/invoice`).set(learner).expect(403);
    await app.http.get(`/api/admin/payments/${paymentId}/credit-note`).set(learner).expect(403);
    await app.http.get(`/api/admin/payments/${paymentId}/invoice`).expect(401);
    await app.http.get(`/api/admin/payments/${paymentId}/credit-note`).set(admin).expect(404);

    // A checkout never paid has no invoice; an unknown payment neither.
    const unpaid = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'unpaid@example.com' })
      .expect(201);
    await app.http.get(`/api/admin/payments/${unpaid.body.paymentId}/invoice`).set(admin).expect(404);
    await app.http.get('/api/admin/payments/00000000-0000-4000-8000-000000000000/invoice').set(admin).expect(404);

    await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(admin).send({ reason: 'Bought twice' }).expect(200);
    const detail = (await app.http.get(`/api/admin/payments/${paymentId}`).set(admin).expect(200)).body;
    const note = await binary(app.http.get(`/api/admin/payments/${paymentId}/credit-note`).set(admin)).expect(200);
    expect(note.headers['content-disposition']).toBe(`attachment; filename="credit-note-${detail.creditNoteNumber}.pdf"`);
    const text = flat(pdfText(note.body as Buffer));
    for (const part of [
      'GUTSCHRIFT',
      `Storniert Rechnung ${detail.invoiceNumber}`,
      'Muster GmbH',
      'USt-IdNr.: DE123456789',
      'Nettobetrag −417,65 €',
      'USt. (19 %) −79,35 €',
      'Erstatteter Betrag −497,00 €',
    ])
      expect(text).toContain(part);
    // The invoice stays downloadable after the refund.
    await binary(app.http.get(`/api/admin/payments/${paymentId}/invoice`).set(admin)).expect(200);
  });
});
