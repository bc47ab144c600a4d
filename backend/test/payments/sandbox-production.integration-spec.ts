import supertest from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The payments sandbox is a module of its own that a production
 * configuration does not load: none of its routes exists there (the
 * router's 404, not a sandbox that answers "not enabled"), and checkout
 * offers no simulated card or PayPal.
 */
describe('payments sandbox under the production configuration', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'nowpayments',
        NOWPAYMENTS_API_URL: 'http://127.0.0.1:9',
        NOWPAYMENTS_API_KEY: 'np-test-key',
        NOWPAYMENTS_IPN_SECRET: 'np-ipn-secret-0123456789',
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const paymentId = '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69';
  const routes: Array<['get' | 'post', string]> = [
    ['get', '/api/payments/sandbox/checkout.js'],
    ['get', `/api/payments/sandbox/checkout/${paymentId}`],
    ['post', `/api/payments/sandbox/${paymentId}/simulate`],
    ['get', '/api/payments/sandbox/hosted.js'],
    ['post', '/api/payments/sandbox/stripe/v1/checkout/sessions'],
    ['get', '/api/payments/sandbox/card/cs_test_sbx_1'],
    ['post', '/api/payments/sandbox/card/cs_test_sbx_1/simulate'],
    ['post', '/api/payments/sandbox/paypal/v1/oauth2/token'],
    ['get', '/api/payments/sandbox/paypal/pay/SBX1'],
    ['post', '/api/payments/sandbox/paypal/SBX1/simulate'],
  ];

  it.each(routes)('%s %s is not mounted (404)', async (method, path) => {
    // Plain requests: these paths are in the contract (the sandbox's, documented for development), which this configuration does not serve.
    const client = supertest(app.baseUrl);
    const res = method === 'post' ? await client.post(path).send({ outcome: 'finished' }) : await client.get(path);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`No route for ${method.toUpperCase()} ${path}`);
  });

  it('offers crypto only: no simulated card or PayPal stands in for unconfigured keys', async () => {
    const res = await app.http.get('/api/payments/methods').expect(200);
    expect(res.body.methods).toEqual(['crypto']);
  });
});
