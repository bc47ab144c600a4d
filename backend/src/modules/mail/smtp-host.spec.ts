import { isInternalAddress, MailDeliveryError, mailFailureReason, mailServerAddress } from './smtp-host';

describe('mail server addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.1.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fd12:3456::1',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '64:ff9b::10.0.0.1',
    'not-an-address',
  ])('%s is internal', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.4.4', '2a00:1450:4001:80b::200e'])(
    '%s is public',
    (address) => {
      expect(isInternalAddress(address)).toBe(false);
    },
  );

  it('connects to the address it checked, and refuses internal ones when they are not allowed', async () => {
    await expect(mailServerAddress('8.8.8.8', false)).resolves.toBe('8.8.8.8');
    await expect(mailServerAddress('10.0.0.5', false)).rejects.toThrow(/loopback, private or link-local address/);
    await expect(mailServerAddress('localhost', false)).rejects.toThrow(MailDeliveryError);
    await expect(mailServerAddress('localhost', true)).resolves.toBe('localhost');
    await expect(mailServerAddress('no-such-host.invalid', false)).rejects.toThrow(/could not be resolved/);
  });

  it("tells what failed in its own words, never the server's reply", () => {
    const reply = Object.assign(new Error('Invalid greeting. response=SSH-2.0-OpenSSH_9.6 build-host-7f3a'), { code: 'EPROTOCOL', response: 'SSH-2.0' });
    expect(mailFailureReason(reply)).toBe('the server did not answer as a mail server does (EPROTOCOL)');
    expect(mailFailureReason(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBe(
      'the mail server refused the connection (ECONNREFUSED)',
    );
    expect(mailFailureReason(Object.assign(new Error('535 auth failed for ldap-01.corp'), { code: 'EAUTH', responseCode: 535 }))).toBe(
      'the mail server refused the user name or password (EAUTH)',
    );
    expect(mailFailureReason(Object.assign(new Error('banner-secret'), { code: 'SOMETHING-ELSE' }))).toBe('the mail could not be sent');
    expect(mailFailureReason('banner-secret')).toBe('the mail could not be sent');
  });
});
