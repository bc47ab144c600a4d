import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The terms, privacy and refund pages per language (issue 30): the seller
 * writes them in Markdown in the console; the learner site gets them as
 * sanitised HTML with the placeholders filled from the settings, in the
 * page's language; a page nobody wrote shows its built-in text.
 */
describe('legal pages written in the console, shown by the learner site', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let adminEmail: string;
  let learner: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp();
    const signedIn = await adminToken(app);
    admin = { authorization: `Bearer ${signedIn.token}` };
    adminEmail = signedIn.user.email;
    learner = { authorization: `Bearer ${await login(app, await createUser(app.db))}` };
    await app.http
      .put('/api/admin/settings/general')
      .set(admin)
      .send({ siteName: 'Akademie', sellerName: 'Nord GmbH', sellerAddress: 'Hauptstr. 5, 10115 Berlin', supportEmail: 'hilfe@nord.example' })
      .expect(200);
    await app.http.put('/api/admin/settings/payments').set(admin).send({ currency: 'EUR', priceEUR: '297.50', compareAtEUR: '597.00' }).expect(200);
  });
  afterAll(() => app?.close());

  const publicPage = (page: string, language?: string) => app.http.get(`/api/legal-pages/${page}${language ? `?language=${language}` : ''}`);
  const save = (page: string, language: string, markdown: unknown, auth = admin) =>
    app.http.put(`/api/admin/legal-pages/${page}/${language}`).set(auth).send({ markdown });
  const auditOf = (resourceId: string): Promise<Array<{ action: string; actor_email: string; summary: string }>> =>
    app.db.query(`SELECT action, actor_email, summary FROM audit_log WHERE resource = 'legal-page' AND resource_id = $1 ORDER BY id`, [resourceId]);

  it('refuses anonymous callers (401) and learners (403) on every admin endpoint, and changes nothing', async () => {
    const calls = [
      (auth: Record<string, string> = {}) => app.http.get('/api/admin/legal-pages').set(auth),
      (auth: Record<string, string> = {}) => app.http.get('/api/admin/legal-pages/terms/en').set(auth),
      (auth: Record<string, string> = {}) => app.http.put('/api/admin/legal-pages/terms/en').set(auth).send({ markdown: 'Mine' }),
      (auth: Record<string, string> = {}) => app.http.post('/api/admin/legal-pages/terms/en/preview').set(auth).send({ markdown: 'Mine' }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const asLearner = await call(learner);
      expect(asLearner.status).toBe(403);
      expect(asLearner.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect(await app.db.query('SELECT * FROM legal_pages')).toEqual([]);
  });

  it('shows the built-in text while nothing is stored: the spec’s English, and each language’s own, filled in its format', async () => {
    const list = (await app.http.get('/api/admin/legal-pages').set(admin).expect(200)).body as Array<Record<string, unknown>>;
    expect(list).toHaveLength(12);
    expect(list.map((p) => p.id)).toContain('refund-fr');
    expect(list.every((p) => p.isDefault === true && p.markdown === '' && p.updatedAt === null && typeof p.defaultMarkdown === 'string')).toBe(true);

    const en = (await publicPage('terms', 'en').expect(200)).body;
    expect(en).toMatchObject({ page: 'terms', language: 'en', isDefault: true, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(en.html).toContain('<h2>1. Access</h2>');
    expect(en.html).toContain('A one-time payment of <span data-placeholder="price">€297.50</span> gives one person lifetime access');
    expect(en.html).toContain('your use of <span data-placeholder="siteName">Akademie</span>');
    expect(en.html).toContain(
      '<span data-placeholder="sellerName">Nord GmbH</span><br />\n<span data-placeholder="sellerAddress">Hauptstr. 5, 10115 Berlin</span>',
    );
    expect(en.html).toContain('<a href="mailto:hilfe@nord.example"><span data-placeholder="supportEmail">hilfe@nord.example</span></a>');
    expect(en.html).not.toContain('{{');
    // Without a language: English.
    expect((await publicPage('terms').expect(200)).body.html).toBe(en.html);

    const de = (await publicPage('terms', 'de').expect(200)).body;
    expect(de.html).toContain('Eine einmalige Zahlung von <span data-placeholder="price">297,50\u00a0€</span>');
    expect(de.html).toContain('<h2>6. Kontakt</h2>');
    const refund = (await publicPage('refund', 'fr').expect(200)).body;
    expect(refund.html).toContain('garantie « satisfait ou remboursé » de <span data-placeholder="refundWindowDays">30</span> jours');
    expect(refund.html).toContain('<span data-placeholder="refundMaxAccessedPercent">20\u00a0%</span>');
    const privacy = (await publicPage('privacy', 'es').expect(200)).body;
    expect(privacy.html).toContain('El servicio no está destinado a menores de 18 años.');
  });

  it('saves a page in one language (audited) and the site shows it sanitised, placeholders filled in that language', async () => {
    const markdown = [
      '# Unsere Bedingungen',
      '',
      'Preis: **{{price}}** ({{currency}}), Erstattung binnen {{refundWindowDays}} Tagen bei {{sellerName}}. {{unbekannt}} bleibt.',
      '',
      '<script>alert(1)</script><img src=x onerror="alert(2)">',
      '',
      '[Klick](javascript:alert(3)) [Hilfe](https://help.example/faq) [Mail](mailto:{{supportEmail}})',
    ].join('\n');
    const saved = (await save('terms', 'de', markdown).expect(200)).body;
    expect(saved).toMatchObject({ id: 'terms-de', page: 'terms', language: 'de', markdown, isDefault: false, updatedBy: adminEmail });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await app.http.get('/api/admin/legal-pages/terms/de').set(admin).expect(200)).body).toEqual(saved);

    const page = (await publicPage('terms', 'de').expect(200)).body;
    expect(page).toMatchObject({ page: 'terms', language: 'de', isDefault: false, updatedAt: saved.updatedAt });
    expect(page.html).toBe(
      [
        '<h2>Unsere Bedingungen</h2>',
        '<p>Preis: <strong><span data-placeholder="price">297,50\u00a0€</span></strong> (<span data-placeholder="currency">EUR</span>), Erstattung binnen <span data-placeholder="refundWindowDays">30</span> Tagen bei <span data-placeholder="sellerName">Nord GmbH</span>. {{unbekannt}} bleibt.</p>',
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror="alert(2)"&gt;</p>',
        '<p>[Klick](javascript:alert(3)) <a href="https://help.example/faq" target="_blank" rel="noopener noreferrer">Hilfe</a> <a href="mailto:hilfe@nord.example">Mail</a></p>',
      ].join('\n'),
    );
    expect(page.html).not.toMatch(/<script|<img|href="javascript:/i);
    // The other languages keep their own text.
    expect((await publicPage('terms', 'en').expect(200)).body).toMatchObject({ isDefault: true });

    // The settings are read when the page is shown: a new price is on the page at once.
    await app.http.put('/api/admin/settings/payments').set(admin).send({ priceEUR: '449.00' }).expect(200);
    expect((await publicPage('terms', 'de').expect(200)).body.html).toContain('<span data-placeholder="price">449\u00a0€</span>');
    await app.http.put('/api/admin/settings/payments').set(admin).send({ priceEUR: '297.50' }).expect(200);

    expect(await auditOf('terms-de')).toEqual([{ action: 'update', actor_email: adminEmail, summary: 'Updated the terms page (de)' }]);
    // Saving the same text again is no change.
    await save('terms', 'de', markdown).expect(200);
    expect(await auditOf('terms-de')).toHaveLength(1);
  });

  it('previews a text as the site would show it, without saving it', async () => {
    const res = await app.http
      .post('/api/admin/legal-pages/refund/es/preview')
      .set(admin)
      .send({ markdown: 'Dentro de {{refundWindowDays}} días <b>x</b>' })
      .expect(200);
    expect(res.body).toEqual({ html: '<p>Dentro de <span data-placeholder="refundWindowDays">30</span> días &lt;b&gt;x&lt;/b&gt;</p>' });
    expect((await publicPage('refund', 'es').expect(200)).body.isDefault).toBe(true);
  });

  it('goes back to the built-in text when the text is emptied (audited)', async () => {
    await save('privacy', 'fr', 'Notre politique').expect(200);
    expect((await publicPage('privacy', 'fr').expect(200)).body.html).toBe('<p>Notre politique</p>');
    const reset = (await save('privacy', 'fr', '  \n').expect(200)).body;
    expect(reset).toMatchObject({ markdown: '', isDefault: true, updatedAt: null, updatedBy: null });
    const page = (await publicPage('privacy', 'fr').expect(200)).body;
    expect(page.isDefault).toBe(true);
    expect(page.html).toContain('Le service n’est pas destiné'.replace('’', "'"));
    expect(await app.db.query(`SELECT * FROM legal_pages WHERE page = 'privacy'`)).toEqual([]);
    expect((await auditOf('privacy-fr')).map((a) => a.action)).toEqual(['update', 'delete']);
  });

  it('answers 400 with the reason for an unknown page or language and a text that is not one, in the reader’s language', async () => {
    const unknownPage = await save('cookies', 'en', 'x').expect(400);
    expect(unknownPage.body).toMatchObject({ message: 'Unknown legal page: the pages are terms, privacy and refund', errors: { page: expect.any(String) } });
    expect((await save('terms', 'pt', 'x').expect(400)).body.message).toBe('Unknown language: the languages are en, es, fr and de');
    expect((await app.http.get('/api/admin/legal-pages/terms/xx').set(admin).expect(400)).body.message).toBe(
      'Unknown language: the languages are en, es, fr and de',
    );
    expect((await save('terms', 'en', 42).expect(400)).body).toMatchObject({
      message: 'The page text must be Markdown text',
      errors: { markdown: expect.any(String) },
    });
    expect((await save('terms', 'en', 'x'.repeat(50_001)).expect(400)).body.message).toBe('The page text must be at most 50000 characters');
    expect((await app.http.put('/api/admin/legal-pages/terms/en').set(admin).send({ markdown: 'x', html: '<b>' }).expect(400)).body.message).toBe(
      'Unknown field html',
    );
    // The public address too, answered in the language the page says it shows.
    expect((await publicPage('cookies', 'en').expect(400)).body.message).toBe('Unknown legal page: the pages are terms, privacy and refund');
    const spanish = await publicPage('terms', 'pt').set('x-interface-language', 'es').expect(400);
    expect(spanish.body.message).toBe('Idioma desconocido: los idiomas son en, es, fr y de');
    expect(await app.db.query(`SELECT * FROM legal_pages WHERE page = 'terms' AND language <> 'de'`)).toEqual([]);
  });
});
