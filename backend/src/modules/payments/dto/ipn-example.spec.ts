import { verifyIpnSignature } from '../ipn-signature';
import { EXAMPLE_IPN, EXAMPLE_IPN_SECRET, EXAMPLE_IPN_SIGNATURE } from './ipn-example';

describe('the documented IPN example', () => {
  it('carries a signature the webhook accepts', () => {
    expect(verifyIpnSignature(EXAMPLE_IPN_SECRET, JSON.stringify(EXAMPLE_IPN), EXAMPLE_IPN_SIGNATURE)).toBe(true);
  });

  it('is refused once its body changes', () => {
    expect(verifyIpnSignature(EXAMPLE_IPN_SECRET, JSON.stringify({ ...EXAMPLE_IPN, price_amount: 1 }), EXAMPLE_IPN_SIGNATURE)).toBe(false);
  });
});
