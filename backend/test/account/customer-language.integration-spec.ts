import { randomBytes } from 'node:crypto';
import { entitlementsOf } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Str0ng-Pass-93';

/** A customer's language (issue 30): chosen at checkout from the interface language, kept by the account, changed on the account page; the site's is the default. */
describe("a customer's language", () => {
  let app: TestApp;
  let admin: { authorization: string };

  const siteLanguage = (language: string) => app.http.put('/api/admin/settings/general').set(admin).send({ language }).expect(200);

  /** A checkout from a page showing this interface language (none: a client that says nothing), paid through the sandbox. */
  async function buyFrom(language: string | null): Promise<{ email: string; paymentId: string; claimSecret: string }> {
    const email = `lang-${randomBytes(4).toString('hex')}@example.com`;
    const req = app.http.post('/api/payments/create');
    if (language) req.set('x-interface-language', language);
    const res = await req.send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email }).expect(201);
    await app.http.post(`/api/payments/sandbox/${res.body.paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, res.body.paymentId)).length === 1, { what: 'entitlement' });
    return { email, paymentId: res.body.paymentId, claimSecret: res.body.claimSecret };
  }

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    await app.http.put('/api/admin/settings/general').set(admin).send({ siteName: 'Lengua Academy', language: 'en' }).expect(200);
  });
  afterAll(() => app.close());

  it('is the interface language of the checkout: the receipt speaks it, and the account created from the payment keeps it', async () => {
    const paid = await buyFrom('es');
    expect((await app.db.query('SELECT language FROM payments WHERE id = $1', [paid.paymentId]))[0].language).toBe('es');
    const receipt = await waitForMail(app, paid.email, 'receipt');
    expect(receipt.subject).toMatch(/^Tu recibo de Lengua Academy R-\d{6}$/);
    expect(receipt.text).toContain('Gracias por tu compra. Tu pago de 497,00\u00a0US$ está confirmado.');
    expect(receipt.html).toContain('<html lang="es"');

    const created = await app.http
      .post('/api/auth/create-account')
      .send({ email: paid.email, name: 'Ana Compradora', password: PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
      .expect(200);
    // The session says it, so the learner site switches to it on signing in.
    expect(created.body.user.language).toBe('es');
    const auth = { authorization: `Bearer ${created.body.token}` };
    expect((await app.http.get('/api/account').set(auth).expect(200)).body.profile.language).toBe('es');
    expect((await app.http.post('/api/auth/login').send({ email: paid.email, password: PASSWORD }).expect(200)).body.user.language).toBe('es');
    const welcome = await waitForMail(app, paid.email, 'welcome');
    expect(welcome.subject).toBe('Te damos la bienvenida a Lengua Academy');
    expect(welcome.text).toContain('Hola, Ana Compradora:');
  });

  it('is changed on the account page, and the next mail follows it; a language we do not offer is refused', async () => {
    const paid = await buyFrom('fr');
    const created = await app.http
      .post('/api/auth/create-account')
      .send({ email: paid.email, name: 'Jean Acheteur', password: PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
      .expect(200);
    const auth = { authorization: `Bearer ${created.body.token}` };
    const saved = await app.http.put('/api/account/language').set(auth).send({ language: 'de' }).expect(200);
    expect(saved.body.profile.language).toBe('de');
    const refused = await app.http.put('/api/account/language').set(auth).send({ language: 'pt' }).expect(400);
    // Answered in the account's language, German now.
    expect(refused.body.errors.language).toBe('Bitte wählen Sie eine der angebotenen Sprachen');
    expect((await app.db.query('SELECT language FROM users WHERE lower(email) = $1', [paid.email]))[0].language).toBe('de');

    await app.http.post('/api/auth/forgot-password').send({ email: paid.email }).expect(200);
    const reset = await waitForMail(app, paid.email, 'password-reset');
    expect(reset.subject).toBe('Setzen Sie Ihr Passwort bei Lengua Academy zurück');
    expect(reset.text).toMatch(/\/reset-password\?token=\S+/);
  });

  it("answers the server's messages in the reader's language: the account's, else the page's, else the browser's, else the site's", async () => {
    const badEmail = { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'not-an-email' };
    const english = await app.http.post('/api/payments/create').send(badEmail).expect(400);
    expect(english.body.errors.email).toBe('Please enter a valid email address');
    const spanish = await app.http.post('/api/payments/create').set('x-interface-language', 'es').send(badEmail).expect(400);
    expect(spanish.body).toMatchObject({ statusCode: 400, errors: { email: 'Introduce una dirección de correo válida' } });
    const coupon = await app.http.get('/api/payments/quote?coupon=NOSUCHCODE').set('x-interface-language', 'es').expect(400);
    expect(coupon.body.message).toBe('Este código de cupón no es válido');
    const browser = await app.http
      .post('/api/auth/login')
      .set('accept-language', 'fr-CH, en;q=0.5')
      .send({ email: 'nobody@example.com', password: '' })
      .expect(400);
    expect(browser.body.errors.password).toBe('Le mot de passe est obligatoire');

    const paid = await buyFrom('de');
    const created = await app.http
      .post('/api/auth/create-account')
      .set('x-interface-language', 'es')
      .send({ email: paid.email, name: 'Max Käufer', password: PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
      .expect(200);
    const own = await app.http
      .put('/api/account/profile')
      .set({ authorization: `Bearer ${created.body.token}`, 'x-interface-language': 'fr' })
      .send({ name: '' })
      .expect(400);
    expect(own.body.errors.name).toBe('Der Name ist erforderlich');

    await siteLanguage('fr');
    try {
      const site = await app.http.post('/api/payments/create').send(badEmail).expect(400);
      expect(site.body.errors.email).toBe('Veuillez saisir une adresse e-mail valide');
    } finally {
      await siteLanguage('en');
    }
  });

  it("is the site's when the checkout said nothing", async () => {
    await siteLanguage('fr');
    try {
      const paid = await buyFrom(null);
      expect((await app.db.query('SELECT language FROM payments WHERE id = $1', [paid.paymentId]))[0].language).toBeNull();
      const receipt = await waitForMail(app, paid.email, 'receipt');
      expect(receipt.subject).toMatch(/^Votre reçu Lengua Academy R-\d{6}$/);
      expect(receipt.text).toContain('497,00\u00a0$US');
    } finally {
      await siteLanguage('en');
    }
  });
});
