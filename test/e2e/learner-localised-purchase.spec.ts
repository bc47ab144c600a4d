import { execFileSync } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { adminToken, authHeader } from './admin-session';
import { lastMailTo } from './learner-helpers';
import { expect, test } from './fixtures';

/**
 * Issue 30's "Done means": with the site in Spanish, French or German, a
 * buyer's whole journey reads in that language: the landing page and checkout,
 * the receipt mail after closing the tab, the account form its link opens,
 * and the invoice PDF downloaded from the account page, with money written
 * the language's way. The suite shares one app (workers: 1) and the other
 * specs expect English and US dollars: each test puts the settings back as
 * it found them, pass or fail.
 */

const PASSWORD = 'Quartz-Lantern-58';
/** The price the tests sell at, in euros: the currency whose formats differ most between the languages ("€497.00", "497,00 €"). */
const PRICE = 497;

/** What each language calls things, as a buyer reads them. */
const READS = {
  es: {
    join: 'ÚNETE AHORA',
    lifetime: 'Acceso de por vida',
    email: 'Correo electrónico',
    cryptocurrency: 'Criptomoneda',
    network: 'Red blockchain',
    pay: 'Pagar ahora',
    paid: '¡Pago realizado!',
    receiptSubject: /^Tu recibo de .+ R-\d{6}$/,
    thanks: (money: string) => `Gracias por tu compra. Tu pago de ${money} está confirmado.`,
    finish: 'Terminar de crear mi cuenta',
    createTitle: 'Crea tu cuenta',
    fullName: 'Nombre completo',
    password: 'Contraseña',
    confirm: 'Confirma la contraseña',
    create: 'Crear cuenta',
    courses: 'Sigue aprendiendo',
    download: 'Descargar recibo (PDF)',
    invoice: ['FACTURA', 'Número de factura', 'Facturado a', 'Total pagado'],
  },
  fr: {
    join: 'REJOINDRE',
    lifetime: 'Accès à vie',
    email: 'Adresse e-mail',
    cryptocurrency: 'Cryptomonnaie',
    network: 'Réseau blockchain',
    pay: 'Payer maintenant',
    paid: 'Paiement réussi !',
    receiptSubject: /^Votre reçu .+ R-\d{6}$/,
    thanks: (money: string) => `Merci pour votre achat. Votre paiement de ${money} est confirmé.`,
    finish: 'Terminer la création de mon compte',
    createTitle: 'Créez votre compte',
    fullName: 'Nom complet',
    password: 'Mot de passe',
    confirm: 'Confirmez le mot de passe',
    create: 'Créer le compte',
    courses: 'Continuer à apprendre',
    download: 'Télécharger le reçu (PDF)',
    invoice: ['FACTURE', 'Numéro de facture', 'Facturé à', 'Total payé'],
  },
  de: {
    join: 'JETZT BEITRETEN',
    lifetime: 'Lebenslanger Zugang',
    email: 'E-Mail-Adresse',
    cryptocurrency: 'Kryptowährung',
    network: 'Blockchain-Netzwerk',
    pay: 'Jetzt bezahlen',
    paid: 'Zahlung erfolgreich!',
    receiptSubject: /^Ihre Quittung von .+ R-\d{6}$/,
    thanks: (money: string) => `Vielen Dank für Ihren Kauf. Ihre Zahlung von ${money} ist bestätigt.`,
    finish: 'Mein Konto fertig erstellen',
    createTitle: 'Erstelle dein Konto',
    fullName: 'Vollständiger Name',
    password: 'Passwort',
    confirm: 'Passwort bestätigen',
    create: 'Konto erstellen',
    courses: 'Weiterlernen',
    download: 'Beleg herunterladen (PDF)',
    invoice: ['RECHNUNG', 'Rechnungsnummer', 'Rechnung an', 'Gezahlter Betrag'],
  },
} as const;

type Language = keyof typeof READS;

/** The settings a test changes, as they were before it. */
interface Saved {
  language: string;
  currency: string;
  priceEUR: string;
}

async function currentSettings(request: APIRequestContext, token: string): Promise<Saved> {
  const all = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
  return { language: all.general.language, currency: all.payments.currency, priceEUR: all.payments.priceEUR };
}

async function applySettings(request: APIRequestContext, token: string, { language, currency, priceEUR }: Saved): Promise<void> {
  const headers = authHeader(token);
  expect((await request.put('/api/admin/settings/general', { headers, data: { language } })).status()).toBe(200);
  expect((await request.put('/api/admin/settings/payments', { headers, data: { currency, priceEUR } })).status()).toBe(200);
}

/** The text of a PDF as a reader copies it (poppler's pdftotext), its spaces (no-break ones included) as plain spaces. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/[\s\u00a0\u202f]+/g, ' ');
}

const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

for (const language of Object.keys(READS) as Language[]) {
  test(`in ${language}: landing, checkout, closed tab, receipt mail, account from its link and the invoice PDF all read in ${language}, money included`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const read = READS[language];
    const token = await adminToken(request);
    const before = await currentSettings(request, token);
    // The money as the language writes it (Intl, not a string typed here): whole on the price tag, with cents on the receipt and the invoice.
    const priceTag = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(PRICE);
    const paidMoney = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(PRICE);
    expect(paidMoney).toMatch(/^497,00\s€$/);
    const email = `journey.${language}.${Date.now()}@example.com`;
    try {
      await applySettings(request, token, { language, currency: 'EUR', priceEUR: `${PRICE}.00` });

      // A visitor whose browser speaks English: the site's language decides.
      const buyer = await browser.newContext({ locale: 'en-US' });
      const tab = await buyer.newPage();
      await tab.goto('/');
      await expect(tab.locator('html')).toHaveAttribute('lang', language);
      await expect(tab.getByTestId('landing-price')).toHaveText(priceTag);
      await tab.getByRole('link', { name: read.join }).first().click();
      await expect(tab).toHaveURL(/\/payment$/);
      await expect(tab.getByRole('heading', { name: read.lifetime })).toBeVisible();
      await expect(tab.getByTestId('price')).toHaveText(priceTag);
      await tab.getByLabel(read.email).fill(email);
      await tab.getByLabel(read.cryptocurrency).selectOption('USDT');
      await tab.getByLabel(read.network).selectOption('Tron (TRC-20)');
      await tab.getByRole('button', { name: read.pay }).click();
      // The sandbox provider's hosted page (the provider's, in English), then back to the thank-you page.
      await expect(tab).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
      await tab.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(tab).toHaveURL(/\/thank-you\?paymentId=/);
      await expect(tab.getByText(read.paid)).toBeVisible({ timeout: 60_000 });
      // The buyer closes the tab without creating the account.
      await buyer.close();

      // The receipt mail in the captured inbox, in the language, the money written its way.
      await expect.poll(() => lastMailTo(email, 'receipt')?.subject ?? '', { timeout: 60_000 }).toMatch(read.receiptSubject);
      const mail = lastMailTo(email, 'receipt')!;
      expect(mail.text).toContain(read.thanks(paidMoney));
      expect(mail.text).toContain(read.finish);
      expect(mail.text).not.toMatch(/Thank you|Receipt|\$/);
      const receiptNumber = /R-\d{6}/.exec(mail.subject)![0];
      const link = new URL(/https?:\/\/\S+\/thank-you\?\S+#claim=\S+/.exec(mail.text)![0]);

      // The mail's link, later, in another browser: the account form speaks the language.
      const later = await browser.newContext({ locale: 'en-US' });
      try {
        const page = await later.newPage();
        await page.goto(link.pathname + link.search + link.hash);
        await expect(page.getByRole('heading', { name: read.createTitle })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByLabel(read.email)).toHaveValue(email);
        await page.getByLabel(read.fullName).fill('Alex Käufer-Núñez');
        await page.getByLabel(read.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(read.confirm).fill(PASSWORD);
        await page.getByRole('button', { name: read.create }).click();
        await expect(page).toHaveURL(/\/dashboard\/courses$/);
        await expect(page.getByRole('heading', { name: new RegExp(read.courses) })).toBeVisible();

        // The invoice from the purchases on the account page, read back from the PDF.
        await page.goto('/dashboard/account');
        const purchase = page.getByTestId('purchase');
        await expect(purchase).toContainText(priceTag);
        const downloading = page.waitForEvent('download');
        await purchase.getByRole('button', { name: read.download }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(`invoice-${receiptNumber}.pdf`);
        const invoice = pdfText(await download.path());
        for (const label of read.invoice) expect(invoice).toContain(label);
        expect(invoice).toContain(receiptNumber);
        // Billed to the buyer: a crypto checkout asks no name, so the invoice takes the name given to the account, and the email.
        expect(invoice).toContain('Alex Käufer-Núñez');
        expect(invoice).toContain(email);
        expect(invoice).toContain(spaced(paidMoney));
        expect(invoice).not.toMatch(/INVOICE|Billed to|Total paid|€497/);
      } finally {
        await later.close();
      }
    } finally {
      await applySettings(request, token, before);
    }
    expect((await (await request.get('/api/public-config')).json()).language).toBe(before.language);
  });
}
