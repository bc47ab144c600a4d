import { useMutation } from '@tanstack/react-query';
import { createPayment } from '../../../api/payments';
import { OFFER } from '../../../app/offer';
import { CHECKOUT_KEYS } from '../../../auth/session';
import type { PaymentMethod } from '../../../api/types';
import { PAYMENT_FAILED_MESSAGE } from '../networks';

export interface CheckoutInput {
  email: string;
  currency: string;
  network: string;
  method?: PaymentMethod;
  couponCode?: string;
  /** The list price the page showed (the server checks it and applies the coupon itself). */
  price?: number;
}

/**
 * Starts a checkout: the server creates the payment at the offer's price and
 * this browser keeps what the thank-you page needs (the payment id and the
 * claim secret that proves the purchase). The answer holds the processor's
 * page (`paymentUrl`) to go to next.
 */
export function useCreatePayment() {
  return useMutation({
    mutationFn: async ({ email, currency, network, method = 'crypto', couponCode, price = OFFER.price }: CheckoutInput) => {
      const answer = await createPayment({
        amount: price,
        ...(method === 'crypto' ? { currency, blockchain: network } : { method }),
        ...(couponCode ? { couponCode } : {}),
        clientId: `user_${Date.now()}`,
        email: email.trim(),
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
    },
  });
}
