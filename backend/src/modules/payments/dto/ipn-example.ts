/**
 * The /api/docs example of a provider notification: a sandbox IPN for a
 * finished payment, signed as the provider signs (HMAC-SHA512, hex, over the
 * JSON with its keys sorted recursively) with the IPN secret
 * `example-sandbox-ipn-secret`. ipn-example.spec.ts keeps the signature true.
 */
export const EXAMPLE_IPN_SECRET = 'example-sandbox-ipn-secret';

export const EXAMPLE_IPN = {
  payment_id: 5077125051,
  invoice_id: '4522625843',
  payment_status: 'finished',
  pay_address: 'sandbox-0b6f2c1e',
  price_amount: 497,
  price_currency: 'usd',
  pay_amount: 497,
  actually_paid: 497,
  pay_currency: 'usdttrc20',
  order_id: '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
  order_description: 'Lifetime access',
  purchase_id: '5077125051',
  created_at: '2026-01-31T10:00:00.000Z',
  updated_at: '2026-01-31T10:05:00.000Z',
  outcome_amount: 497,
  outcome_currency: 'usdttrc20',
  fee: { currency: 'usdttrc20', depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
};

export const EXAMPLE_IPN_SIGNATURE =
  'ffefac39e85d83e4ef1e30115fb3ff8513081e37ac60ecb439f4079ba414c48c4031fbae285663ad09c51dd285f42a6b1a3d85203a7bbc9efead8311aef3dbda';
