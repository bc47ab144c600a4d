import { useMutation } from '@tanstack/react-query';
import { createPayment } from '../../../api/payments';
import { storedReferral } from '../../../api/referrals';
import { OFFER } from '../../../app/offer';
import { CHECKOUT_KEYS } from '../../../auth/session';
import type { CountryCode, CreatePaymentRequest, PaymentMethod } from '../../../api/types';
import { PAYMENT_FAILED_MESSAGE } from '../networks';

export interface CheckoutInput {
  email: string;
  currency: string;
  network: string;
  method?: PaymentMethod;
  couponCode?: string;
  /** The list price the page showed (the server checks it and applies the coupon itself). */
  price?: number;
  /** Optional details for the invoice; empty ones are not sent. */
  billing?: BillingDetails;
}

/** What the buyer may add for the invoice (each '' when not given). */
export interface BillingDetails {
  country: CountryCode | '';
  company: string;
  address: string;
  vatId: string;
}

export const NO_BILLING_DETAILS: BillingDetails = { country: '', company: '', address: '', vatId: '' };

/** The invoice details the buyer gave, as the API names them (none of the empty ones). */
function buyerFields(billing: BillingDetails = NO_BILLING_DETAILS): Partial<CreatePaymentRequest> {
  const fields: Partial<CreatePaymentRequest> = {};
  if (billing.country) fields.buyerCountry = billing.country;
  if (billing.company.trim()) fields.buyerCompany = billing.company.trim();
  if (billing.address.trim()) fields.buyerAddress = billing.address.trim();
  if (billing.vatId.trim()) fields.buyerVatId = billing.vatId.trim();
  return fields;
}

/**
 * Starts a checkout: the server creates the payment at the offer's price and
 * this browser keeps what the thank-you page needs (the payment id and the
 * claim secret that proves the purchase). The answer holds the processor's
 * page (`paymentUrl`) to go to next. A referral this browser kept goes along,
 * so the sale is attributed even where the server's cookie did not stay.
 */
export function useCreatePayment() {
  return useMutation({
    mutationFn: async ({ email, currency, network, method = 'crypto', couponCode, price = OFFER.price, billing }: CheckoutInput) => {
      const referral = storedReferral();
      const answer = await createPayment({
        amount: price,
        ...(method === 'crypto' ? { currency, blockchain: network } : { method }),
        ...(couponCode ? { couponCode } : {}),
        clientId: `user_${Date.now()}`,
        email: email.trim(),
        ...buyerFields(billing),
        ...(referral ? { referral } : {}),
      });
      if (!answer.success || !answer.paymentUrl) throw new Error(PAYMENT_FAILED_MESSAGE);
      return answer;
    },
    onSuccess: (answer, { email, currency, method = 'crypto', price = OFFER.price }) => {
      localStorage.setItem(CHECKOUT_KEYS.email, email.trim());
      localStorage.setItem(CHECKOUT_KEYS.paymentId, answer.paymentId);
      localStorage.setItem(CHECKOUT_KEYS.claimSecret, answer.claimSecret);
      localStorage.setItem(CHECKOUT_KEYS.amount, String(price));
      localStorage.setItem(CHECKOUT_KEYS.currency, method === 'crypto' ? currency : method);
      localStorage.setItem(CHECKOUT_KEYS.method, method);
    },
  });
}
