import { Webhook } from 'standardwebhooks';
import { FAN_OUT_WEBHOOKS } from './jobs/consumers';
import { backoffMs, outcomeOf } from './webhook-dispatcher.service';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { excerpt } from './webhook-sender';
import { generateSecret, signedHeaders } from './webhook-signature';
import { isBlockedAddress, PRIVATE_URL, urlProblem } from './webhook-url-policy';

describe('webhook signatures', () => {
  it('verify with the standardwebhooks reference library, with one secret or two during a rotation', () => {
    const [current, previous] = [generateSecret(), generateSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = JSON.stringify({ type: 'payment.confirmed', timestamp: new Date().toISOString(), data: { paymentId: 'p1' } });
    const now = Math.floor(Date.now() / 1000);
    const one = signedHeaders([current], 'd-1', now, body);
    expect(new Webhook(current).verify(body, one)).toMatchObject({ type: 'payment.confirmed' });
    expect(() => new Webhook(previous).verify(body, one)).toThrow();
    const two = signedHeaders([current, previous], 'd-1', now, body);
    expect(two['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, two)).toMatchObject({ data: { paymentId: 'p1' } });
    expect(() => new Webhook(current).verify(`${body} `, two)).toThrow();
  });
});

describe('webhook URL policy (SSRF)', () => {
  const production = { allowPrivateUrls: false, allowHttp: false };
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'ff02::1',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111'])('allows %s', (address) => expect(isBlockedAddress(address)).toBe(false));

  it('asks for https and a public host in production, and allows a local receiver elsewhere', () => {
    expect(urlProblem('http://hooks.example.com/x', production)).toBe('The URL must start with https://');
    expect(urlProblem('https://127.0.0.1:8080/x', production)).toBe(PRIVATE_URL);
    expect(urlProblem('https://[::1]/x', production)).toBe(PRIVATE_URL);
    expect(urlProblem('https://localhost/x', production)).toBe(PRIVATE_URL);
    expect(urlProblem('https://user:pw@hooks.example.com/x', production)).toMatch(/user name/);
    expect(urlProblem('ftp://hooks.example.com/x', production)).toMatch(/https/);
    expect(urlProblem('not a url', production)).toMatch(/absolute URL/);
    expect(urlProblem('https://hooks.example.com/x', production)).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/x', { allowPrivateUrls: true, allowHttp: true })).toBeNull();
  });
});

describe('webhook attempts', () => {
  it('retry 5xx, 429, 408, timeouts and network errors; fail other 4xx; 410 is gone', () => {
    expect(outcomeOf({ status: 204, refused: false })).toBe('delivered');
    for (const status of [500, 503, 429, 408, null]) expect(outcomeOf({ status, refused: false })).toBe('retry');
    for (const status of [400, 401, 404, 422, 301]) expect(outcomeOf({ status, refused: false })).toBe('failed');
    expect(outcomeOf({ status: 410, refused: false })).toBe('gone');
    expect(outcomeOf({ status: null, refused: true })).toBe('failed');
  });

  it('back off exponentially up to the cap (the defaults span about a day of retries)', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 30_000, 7200))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30, 30_000, 7200)).toBe(7_200_000);
  });

  it('keep at most 2 KB of an answer, never cutting a character', () => {
    const text = excerpt(Buffer.from('é'.repeat(2000)));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2048);
    expect(text).toBe('é'.repeat(1024));
  });

  it('offer exactly the catalogue’s event types to the fan-out consumer', () => {
    expect([...FAN_OUT_WEBHOOKS.events].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
