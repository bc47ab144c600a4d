import { useMutation } from '@tanstack/react-query';
import { resumeCheckout, unsubscribeFromReminders } from '../../../api/payments';
import { CHECKOUT_KEYS } from '../../../auth/session';

/**
 * The reminder's link: the server resumes the checkout (or makes it again
 * with the same method) and this browser keeps it like a checkout it started
 * (the payment id and the claim secret the thank-you page needs), then goes
 * to the processor's page.
 */
export function useResumeCheckout() {
  return useMutation({
    mutationFn: ({ paymentId, token }: { paymentId: string; token: string }) => resumeCheckout(paymentId, token),
    onSuccess: (answer) => {
      localStorage.setItem(CHECKOUT_KEYS.email, answer.email);
      localStorage.setItem(CHECKOUT_KEYS.paymentId, answer.paymentId);
      localStorage.setItem(CHECKOUT_KEYS.claimSecret, answer.claimSecret);
      localStorage.setItem(CHECKOUT_KEYS.method, answer.method);
    },
  });
}

/** "Unsubscribe" on the reminder's unsubscribe page. */
export function useUnsubscribeFromReminders() {
  return useMutation({ mutationFn: ({ email, token }: { email: string; token: string }) => unsubscribeFromReminders(email, token) });
}
