import { createHmac, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';

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

/**
 * The simulated PayPal's transmission signature: over
 * `<transmission id>|<time>|<webhook id>|<CRC32 of the event>`, PayPal's
 * signed string (PayPal signs it with its certificate; the simulator with
 * its key).
 */
export function paypalTransmissionSignature(keys: SandboxKeys, transmissionId: string, time: string, event: string): string {
  return createHmac('sha256', keys.paypalSigningKey)
    .update(`${transmissionId}|${time}|${keys.paypalWebhookId}|${crc32(Buffer.from(event, 'utf8'))}`)
    .digest('base64');
}

/** The five headers of one simulated PayPal transmission: a new id and the time of sending, as PayPal gives each attempt. */
export function paypalTransmissionHeaders(keys: SandboxKeys, event: string, certUrl: string): Record<string, string> {
  const transmissionId = randomUUID();
  const time = new Date().toISOString();
  return {
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': certUrl,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': paypalTransmissionSignature(keys, transmissionId, time, event),
  };
}
