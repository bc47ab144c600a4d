'use strict';
// The one NOWPayments-shaped notification body the test suites send (backend
// integration tests, fault suite): for one of our payments, any field
// overridable. Types: ipn-body.d.cts.

/** A notification for `paymentId` with `status`; `over` replaces or adds fields. */
function ipnBody(paymentId, status, over = {}) {
  return JSON.stringify({
    payment_id: 5077125051,
    invoice_id: over.invoice_id ?? 'unknown-invoice',
    payment_status: status,
    pay_address: 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn',
    price_amount: 497,
    price_currency: 'usd',
    pay_amount: 497.3,
    actually_paid: status === 'finished' ? 497.3 : 0,
    pay_currency: 'usdttrc20',
    order_id: paymentId,
    order_description: 'Lifetime access — Café über 日本',
    purchase_id: '5837122679',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:05:00.000Z',
    outcome_amount: 496.1,
    outcome_currency: 'usdttrc20',
    fee: { currency: 'usdttrc20', depositFee: 0.5, withdrawalFee: 0, serviceFee: 0.7 },
    ...over,
  });
}

/**
 * The text NOWPayments signs for a body: keys sorted recursively, no
 * whitespace, every character outside printable ASCII as \uXXXX (what
 * Python's json.dumps(sort_keys=True, separators=(',', ':')) writes).
 */
function canonicalIpn(body) {
  const sortKeys = (v) =>
    Array.isArray(v)
      ? v.map(sortKeys)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sortKeys(v[k])]),
          )
        : v;
  return JSON.stringify(sortKeys(JSON.parse(body))).replace(/[^ -~]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

module.exports = { ipnBody, canonicalIpn };
