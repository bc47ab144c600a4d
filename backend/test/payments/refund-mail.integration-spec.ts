import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entitlementsOf } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { binary } from '../support/http';
import { waitForMail } from '../support/mailbox';
import { pdfText } from '../support/pdf-text';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Str0ng-Pass-93';
/** The learner app's page shell, as the build writes it: every learner route answers it. */
const SHELL = '<!doctype html><html><head><title>Learner</title></head><body><div id="root"></div></body></html>';

/** What the refund mail says in each language, and what its credit note is called there. */
const READS = {
  en: { subject: 'Your Refund Academy refund is processed', creditNote: 'Credit note', credits: 'credits receipt', title: 'CREDIT NOTE' },
  es: {
    subject: 'Tu reembolso de Refund Academy se ha procesado',
    creditNote: 'Factura rectificativa',
    credits: 'rectifica el recibo',
    title: 'FACTURA RECTIFICATIVA',
  },
  fr: { subject: 'Votre remboursement Refund Academy est effectué', creditNote: 'Avoir', credits: 'porte sur le reçu', title: 'AVOIR' },
  de: { subject: 'Ihre Erstattung bei Refund Academy ist bearbeitet', creditNote: 'Gutschrift', credits: 'storniert die Quittung', title: 'GUTSCHRIFT' },
} as const;

/** The href values of an HTML part's links (entities decoded the way a mail client reads them). */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&#38;/g, '&').replace(/&#35;/g, '#'));

/** Issue 30: a refund's mail names the credit note it issued, attaches it, and links to where the account page lists it, in the buyer's language. */
describe('the refund mail and its credit note, in each language', () => {
  let app: TestApp;
  let dist: string;
  let admin: { authorization: string };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'learner-dist-'));
    writeFileSync(join(dist, 'app.html'), SHELL);
    writeFileSync(join(dist, 'index.html'), SHELL);
    app = await startTestApp({ worker: true, env: { WEB_LEARNER_DIST: dist } });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    await app.http.put('/api/admin/settings/general').set(admin).send({ siteName: 'Refund Academy', language: 'en' }).expect(200);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(Object.keys(READS) as Array<keyof typeof READS>)(
    'in %s: the mail names the credit note, attaches it and links to the purchases on the account page, which list and download it',
    async (language) => {
      const read = READS[language];
      const email = `refund-${language}-${randomBytes(4).toString('hex')}@example.com`;
      const created = await app.http
        .post('/api/payments/create')
        .set('x-interface-language', language)
        .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email })
        .expect(201);
      const { paymentId, claimSecret } = created.body;
      await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
      const account = await app.http
        .post('/api/auth/create-account')
        .send({ email, name: 'Ada Refund', password: PASSWORD, paymentId, claimSecret })
        .expect(200);
      const learner = { authorization: `Bearer ${account.body.token}` };

      await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(admin).send({ reason: 'Goodwill' }).expect(200);
      const [purchase] = (await app.http.get('/api/account').set(learner).expect(200)).body.purchases;
      expect(purchase).toMatchObject({ paymentId, state: 'REFUNDED', creditNoteNumber: expect.stringMatching(/^CN-\d{6}$/) });
      const { creditNoteNumber, receiptNumber } = purchase as { creditNoteNumber: string; receiptNumber: string };

      const mail = await waitForMail(app, email, 'refund');
      expect(mail.subject).toBe(read.subject);
      const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(497);
      expect(mail.text).toContain(money);
      // The number, labelled in the reader's language, and the receipt it credits.
      expect(mail.text).toContain(`${read.creditNote}: ${creditNoteNumber}`);
      expect(mail.text).toContain(`${creditNoteNumber} ${read.credits} ${receiptNumber}`);
      expect(mail.html).toContain(`<strong>${creditNoteNumber}</strong>`);
      expect(mail.html).toContain(`<html lang="${language}"`);
      expect(mail.text).not.toMatch(/mail\.refund\./);

      // The link goes to the purchases on the account page, in both parts, on this site; the learner app answers it.
      const link = `${app.env.PUBLIC_URL}/dashboard/account#account-purchases`;
      expect(mail.text).toContain(link);
      expect(hrefs(mail.html!)).toContain(link);
      const page = await app.http.get(new URL(link).pathname).expect(200);
      expect(page.text).toBe(SHELL);

      // The attachment is the credit note the account page downloads: same number, in the buyer's language.
      const attached = mail.attachments?.find((a) => a.contentType === 'application/pdf');
      expect(attached?.filename).toBe(`credit-note-${creditNoteNumber}.pdf`);
      const attachedText = pdfText(Buffer.from(attached!.contentBase64, 'base64'));
      expect(attachedText).toContain(read.title);
      expect(attachedText).toContain(creditNoteNumber);
      expect(attachedText).toContain(receiptNumber);
      const downloaded = await binary(app.http.get(`/api/account/purchases/${paymentId}/credit-note`).set(learner)).expect(200);
      expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="credit-note-${creditNoteNumber}.pdf"`);
      expect(pdfText(downloaded.body as Buffer)).toContain(creditNoteNumber);
    },
  );
});
