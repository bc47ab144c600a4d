import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedExample, signWebhook, webhookCurlExample, webhookNodeExample } from '../webhookExamples';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('the examples of a webhook endpoint', () => {
  it('sign as the server does: HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed by the secret’s bytes', async () => {
    const expected = createHmac('sha256', Buffer.from(SECRET.slice('whsec_'.length), 'base64'))
      .update('msg_1.1700000000.{"a":1}')
      .digest('base64');
    expect(await signWebhook(SECRET, 'msg_1', 1700000000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('replay a signed delivery of the endpoint’s first event type with curl', async () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    const example = await signedExample(SECRET, 'payment.confirmed', now);
    expect(JSON.parse(example.body)).toEqual({ type: 'payment.confirmed', timestamp: '2026-11-27T12:00:00.000Z', data: { example: true } });
    expect(example.timestamp).toBe(now.getTime() / 1000);
    expect(example.signature).toBe(await signWebhook(SECRET, example.id, example.timestamp, example.body));
    const curl = webhookCurlExample("https://crm.example.com/it's", example);
    expect(curl).toContain(`curl -X POST 'https://crm.example.com/it'\\''s'`);
    expect(curl).toContain(`-H 'webhook-signature: ${example.signature}'`);
    expect(curl).toContain(`--data-raw '${example.body}'`);
  });

  it('verify in Node.js with standardwebhooks and the real secret', () => {
    const code = webhookNodeExample(SECRET, ['payment.confirmed', 'payment.refunded']);
    expect(code).toContain(`new Webhook('${SECRET}')`);
    expect(code).toContain('webhook.verify(body, req.headers)');
    expect(code).toContain('payment.confirmed, payment.refunded');
  });
});
