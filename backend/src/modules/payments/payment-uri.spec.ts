import { paymentUri, remainingAmount } from './payment-uri';

describe('payment URIs', () => {
  it('gives BIP21-style coins a URI with the amount', () => {
    expect(paymentUri('btc', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', '0.00382')).toBe(
      'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00382',
    );
    expect(paymentUri('LTC', 'ltc1qabc', '1.5')).toBe('litecoin:ltc1qabc?amount=1.5');
    expect(paymentUri('sol', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', '3.1')).toBe('solana:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU?amount=3.1');
  });

  it('does not prefix a Bitcoin Cash address that carries its prefix', () => {
    expect(paymentUri('bch', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', '0.5')).toBe(
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.5',
    );
  });

  it('has none for coins without one, or for an amount or address that is not plain', () => {
    expect(paymentUri('usdttrc20', 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn', '248.5')).toBeNull();
    expect(paymentUri('eth', '0xabc', '0.1')).toBeNull();
    expect(paymentUri('btc', 'bc1q?x=1', '0.1')).toBeNull();
    expect(paymentUri('btc', 'bc1qabc', '1e-3')).toBeNull();
  });

  it('computes what is left after an underpayment', () => {
    expect(remainingAmount('497.00', '248.5')).toBe('248.5');
    expect(remainingAmount('0.00764', '0.00382')).toBe('0.00382');
    expect(remainingAmount('497.00', '497')).toBeNull();
    expect(remainingAmount('497.00', '500')).toBeNull();
    expect(remainingAmount('497.00', null)).toBeNull();
  });
});
