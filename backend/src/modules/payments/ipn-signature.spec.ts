import { canonicalJson, signIpn, verifyIpnSignature } from './ipn-signature';

// Golden vector computed independently with python3:
//   json.dumps(body, sort_keys=True, separators=(',', ':')), hmac.new(secret, canon, sha512).hexdigest()
const SECRET = 'golden-ipn-secret-123456';
const RAW =
  '{"payment_id": 5077125051, "payment_status": "finished", "pay_address": "TNDFkiSmBQorNFacb3735q8MnT29sn8BLn", "price_amount": 497, "price_currency": "usd", "pay_amount": 497.3, "actually_paid": 497.3, "pay_currency": "usdttrc20", "order_id": "7f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b", "order_description": "Lifetime access — Café über 日本", "purchase_id": "5837122679", "created_at": "2026-11-20T10:00:00.000Z", "updated_at": "2026-11-20T10:05:00.000Z", "outcome_amount": 496.1, "outcome_currency": "usdttrc20", "fee": {"currency": "usdttrc20", "depositFee": 0.5, "withdrawalFee": 0, "serviceFee": 0.7}, "invoice_id": 4522145603}';
const CANONICAL =
  '{"actually_paid":497.3,"created_at":"2026-11-20T10:00:00.000Z","fee":{"currency":"usdttrc20","depositFee":0.5,"serviceFee":0.7,"withdrawalFee":0},"invoice_id":4522145603,"order_description":"Lifetime access \\u2014 Caf\\u00e9 \\u00fcber \\u65e5\\u672c","order_id":"7f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b","outcome_amount":496.1,"outcome_currency":"usdttrc20","pay_address":"TNDFkiSmBQorNFacb3735q8MnT29sn8BLn","pay_amount":497.3,"pay_currency":"usdttrc20","payment_id":5077125051,"payment_status":"finished","price_amount":497,"price_currency":"usd","purchase_id":"5837122679","updated_at":"2026-11-20T10:05:00.000Z"}';
const SIGNATURE = 'ac14bfd2ea91f4b6b7248c02ed7ee0e9b39f263bbae83122b1fd5ee41b782d8b9fb045206723d94fd35f4970edc99fd968b99dd144032de92a2c97d874cf7799';

describe('IPN signature', () => {
  it('canonicalises like python json.dumps(sort_keys, compact)', () => {
    expect(canonicalJson(Buffer.from(RAW, 'utf8'))).toBe(CANONICAL);
  });

  it('verifies the golden vector', () => {
    expect(signIpn(SECRET, RAW)).toBe(SIGNATURE);
    expect(verifyIpnSignature(SECRET, Buffer.from(RAW), SIGNATURE)).toBe(true);
    expect(verifyIpnSignature(SECRET, Buffer.from(RAW), SIGNATURE.toUpperCase())).toBe(true);
  });

  it('refuses a changed field, a missing, short or non-hex signature, and another secret', () => {
    expect(verifyIpnSignature(SECRET, RAW.replace('"price_amount": 497', '"price_amount": 49.7'), SIGNATURE)).toBe(false);
    expect(verifyIpnSignature(SECRET, RAW, undefined)).toBe(false);
    expect(verifyIpnSignature(SECRET, RAW, SIGNATURE.slice(0, 127))).toBe(false);
    expect(verifyIpnSignature(SECRET, RAW, `${SIGNATURE.slice(0, 127)}z`)).toBe(false);
    expect(verifyIpnSignature('another-secret', RAW, SIGNATURE)).toBe(false);
  });

  it('keeps number literals as sent and escapes control characters', () => {
    expect(canonicalJson('{"b": 497.0, "a": [1e3, true, null], "c": "x/y\\n\\u0001"}')).toBe('{"a":[1e3,true,null],"b":497.0,"c":"x/y\\n\\u0001"}');
  });

  it('rejects invalid JSON', () => {
    expect(() => canonicalJson('{"a": }')).toThrow();
    expect(verifyIpnSignature(SECRET, '{"a": ', SIGNATURE)).toBe(false);
  });

  it('rejects every shape of broken JSON', () => {
    for (const broken of ['', '{', '[1,]', '{"a":1,}', '{"a" 1}', '{1:2}', '[1 2]', '{"a":1}}', '[]]', 'tru', '"open']) {
      expect(() => canonicalJson(broken)).toThrow(SyntaxError);
    }
    expect(canonicalJson(' { "z" : [ ] , "a" : { } } ')).toBe('{"a":{},"z":[]}');
  });

  it('handles any nesting depth without recursing (no stack overflow)', () => {
    const depth = 200_000;
    const deep = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    expect(canonicalJson(deep)).toBe(deep);
    expect(verifyIpnSignature(SECRET, deep, SIGNATURE)).toBe(false);
  });
});
