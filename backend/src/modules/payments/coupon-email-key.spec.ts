import { couponEmailKey } from './coupon-email-key';

describe('couponEmailKey', () => {
  it.each([
    ['Ana.Lopez@Gmail.com', 'analopez@gmail.com'],
    ['a.n.a.l.o.p.e.z+spring@gmail.com', 'analopez@gmail.com'],
    ['analopez+1+2@googlemail.com', 'analopez@gmail.com'],
    [' ANALOPEZ@GOOGLEMAIL.COM ', 'analopez@gmail.com'],
    ['ana.lopez+news@example.com', 'ana.lopez@example.com'],
    ['Ana.Lopez@Example.com', 'ana.lopez@example.com'],
    ['ana.lopez@gmail.co.uk', 'ana.lopez@gmail.co.uk'],
    ['ana@sub.gmail.com', 'ana@sub.gmail.com'],
  ])('%s is the mailbox %s', (email, key) => {
    expect(couponEmailKey(email)).toBe(key);
  });

  it('keeps different mailboxes apart', () => {
    expect(couponEmailKey('ana.lopez@example.com')).not.toBe(couponEmailKey('analopez@example.com'));
    expect(couponEmailKey('ana@gmail.com')).not.toBe(couponEmailKey('ana@example.com'));
  });
});
