import { createHmac } from 'node:crypto';

/**
 * The sandbox's card and PayPal simulators get their keys from
 * SANDBOX_IPN_SECRET (one secret to set, distinct keys per use): the card
 * adapter's API key and webhook signing secret, and the PayPal adapter's
 * client credentials and webhook id, exactly as the real providers would
 * issue them.
 */
export interface SandboxKeys {
  cardSecretKey: string;
  cardWebhookSecret: string;
  paypalClientId: string;
  paypalClientSecret: string;
  paypalWebhookId: string;
  /** Signs the simulated PayPal transmissions (PayPal signs with its certificate; the simulator with this). */
  paypalSigningKey: string;
  paypalAccessToken: string;
}

export function sandboxKeys(secret: string): SandboxKeys {
  const derive = (use: string, length = 32) => createHmac('sha256', secret).update(use).digest('hex').slice(0, length);
  return {
    cardSecretKey: `sk_test_sandbox_${derive('card-secret-key')}`,
    cardWebhookSecret: `whsec_sandbox_${derive('card-webhook-secret')}`,
    paypalClientId: `sandbox-client-${derive('paypal-client-id', 16)}`,
    paypalClientSecret: derive('paypal-client-secret'),
    paypalWebhookId: `SBXWH${derive('paypal-webhook-id', 16).toUpperCase()}`,
    paypalSigningKey: derive('paypal-signing-key', 64),
    paypalAccessToken: `A21sandbox${derive('paypal-access-token')}`,
  };
}
