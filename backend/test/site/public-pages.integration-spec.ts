import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageFor } from '../../src/modules/site/public-pages';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const LEARNER_BUILD = join(__dirname, '..', '..', '..', 'web-learner');

/**
 * The first paint is the page the visitor keeps: the public pages come from
 * the server already in the site's language and currency (no English page
 * priced in $ that switches once the app starts). Against the learner app's
 * real build (npm run build -w web-learner: dist and its renderer dist-ssr).
 */
describe("the public pages in the site's language and currency, before any script runs", () => {
  let app: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    if (!existsSync(join(LEARNER_BUILD, 'dist-ssr', 'entry-server.cjs'))) {
      throw new Error('The learner app is not built with its renderer: run `npm run build -w web-learner` first');
    }
    app = await startTestApp();
    auth = { authorization: `Bearer ${(await adminToken(app)).token}` };
  });
  afterAll(() => app?.close());

  const settings = (section: string, values: Record<string, unknown>) => app.http.put(`/api/admin/settings/${section}`).set(auth).send(values).expect(200);

  it('serves / in German with the Euro price as German writes it, the settings it was drawn with and the German strings it shows', async () => {
    await settings('general', { language: 'de', siteName: 'Akademie & Co "Nord"', sellerName: 'Nord GmbH', sellerAddress: 'Hauptstr. 5, 10115 Berlin' });
    await settings('payments', { currency: 'EUR', priceEUR: '297.50', compareAtEUR: '597.00' });
    try {
      const res = await app.http.get('/').set('accept-encoding', 'identity').expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      const html = res.text;
      expect(html).toContain('<html lang="de"');
      expect(html).toContain('<meta property="og:locale" content="de_DE" />');
      expect(html).toContain('<title>Akademie &#38; Co &#34;Nord&#34;</title>');
      // The landing page's price, German text and footer, in the HTML itself.
      expect(html).toContain('data-testid="landing-price">297,50\u00a0€</span>');
      expect(html).toContain('<del>597\u00a0€</del>');
      expect(html).toContain('JETZT BEITRETEN');
      expect(html).toContain('Nord GmbH, Hauptstr. 5, 10115 Berlin');
      expect(html).not.toContain('JOIN NOW');
      // No dollar price on the page, its head included (the landing page's description is the site description of Settings > General).
      expect(html).not.toMatch(/\$\s?\d/);
      expect(html).toContain('<meta name="description" content="Courses, automations and a members’ resource area for affiliate marketers." />');
      // What the app starts from: the same configuration, and the landing page's German strings, in the page:
      // nothing to download before it hydrates (not the whole German catalogue, whose chunk it does not ask for).
      const config = JSON.parse(/<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(html)![1]);
      expect(config).toMatchObject({ language: 'de', price: { amount: '297.50', currency: 'EUR' }, seller: { name: 'Nord GmbH' } });
      const strings = JSON.parse(/<script type="application\/json" id="page-strings">(.*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;
      expect(JSON.stringify(strings)).toContain('JETZT BEITRETEN');
      expect(Object.keys(strings).length).toBeGreaterThan(20);
      // The strings of the other screens stay out (the sign-in form's, the course viewer's).
      expect(Object.keys(strings).some((id) => id.startsWith('auth.') || id.startsWith('viewer.'))).toBe(false);
      expect(html).not.toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/de-[\w-]+\.js" \/>/);
      // Any other page preloads the German catalogue instead.
      expect((await app.http.get('/login').expect(200)).text).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/de-[\w-]+\.js" \/>/);

      // The legal page's German text, its price filled in as German writes it, and the text it was drawn with for the app.
      const terms = (await app.http.get('/terms-of-service').expect(200)).text;
      expect(terms).toContain('Eine einmalige Zahlung von <span data-placeholder="price">297,50\u00a0€</span>');
      expect(terms).toContain('<h2>6. Kontakt</h2>');
      const legal = JSON.parse(/<script type="application\/json" id="legal-page">(.*?)<\/script>/.exec(terms)![1]);
      expect(legal).toMatchObject({ page: 'terms', language: 'de', isDefault: true });
      expect(legal.html).toContain('<span data-placeholder="price">297,50\u00a0€</span>');
      expect(terms).not.toContain('A one-time payment');
      expect(terms).toContain('<title>Nutzungsbedingungen · Akademie &#38; Co &#34;Nord&#34;</title>');
      // The other pages' descriptions in German.
      expect(terms).toContain('<meta name="description" content="Die Bedingungen für Ihre Nutzung der Kurse und des Mitgliederbereichs." />');
      expect(terms).toContain('<meta property="og:description" content="Die Bedingungen für Ihre Nutzung der Kurse und des Mitgliederbereichs." />');
      const payment = (await app.http.get('/payment').expect(200)).text;
      expect(payment).toMatch(
        /<meta name="description" content="Erhalten Sie lebenslangen Zugang [^"]* für 297,50\u00a0€ statt 597\u00a0€, [^"]* 30 Tagen Geld-zurück-Garantie\." \/>/,
      );
      expect(terms).toContain('Zurück zur Startseite');

      // Compressed as the browser accepts, and the same page.
      const br = await app.http.get('/').set('accept-encoding', 'br').buffer(true).expect(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Language');
    } finally {
      await settings('general', {
        language: 'en',
        siteName: 'Affiliate Academy',
        sellerName: '',
        sellerAddress: 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize',
      });
      await settings('payments', { currency: 'USD', priceEUR: '497.00', compareAtEUR: '997.00' });
    }
  });

  it('follows a change of the settings at once, and in English serves the dollar price', async () => {
    const html = (await app.http.get('/').expect(200)).text;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('JOIN NOW');
    expect(html).toMatch(/data-testid="landing-price">\$497</);
  });

  it('answers Language = auto with the first language of Accept-Language the site speaks', async () => {
    await settings('general', { language: 'auto' });
    try {
      const html = (await app.http.get('/login').set('accept-language', 'it-IT,fr;q=0.8,en;q=0.5').expect(200)).text;
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
    } finally {
      await settings('general', { language: 'en' });
    }
    expect(languageFor('auto', 'de-DE,de;q=0.9')).toBe('de');
    expect(languageFor('auto', 'es;q=0.2, fr;q=0.7')).toBe('fr');
    expect(languageFor('auto', 'it, pt')).toBe('en');
    expect(languageFor('auto', undefined)).toBe('en');
    expect(languageFor('es', 'de')).toBe('es');
  });

  it("draws a legal page with the seller's text of the console in the site's language, at once after it is saved", async () => {
    await settings('general', { language: 'fr' });
    try {
      await app.http
        .put('/api/admin/legal-pages/refund/fr')
        .set(auth)
        .send({ markdown: '## Remboursement\n\nSous {{refundWindowDays}} jours, <script>alert(1)</script>' })
        .expect(200);
      const html = (await app.http.get('/refund-policy').expect(200)).text;
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('<h2>Remboursement</h2>');
      expect(html).toContain('Sous <span data-placeholder="refundWindowDays">30</span> jours, &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html.slice(html.indexOf('<body>'))).not.toContain('<script>alert');
      // The English page keeps its built-in text.
      await settings('general', { language: 'en' });
      const english = (await app.http.get('/refund-policy').expect(200)).text;
      expect(english).toContain('<h2>1. Eligibility</h2>');
      expect(english).not.toContain('Remboursement');
    } finally {
      await app.http.put('/api/admin/legal-pages/refund/fr').set(auth).send({ markdown: '' }).expect(200);
      await settings('general', { language: 'en' });
    }
  });

  it('leaves other addresses to the app shell and the static files', async () => {
    const deep = (await app.http.get('/dashboard/courses').expect(200)).text;
    expect(deep).not.toContain('id="site-config"');
    await app.http.get('/no-such-file.js').expect(404);
  });
});
