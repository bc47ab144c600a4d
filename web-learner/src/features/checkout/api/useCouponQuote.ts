import { useMutation } from '@tanstack/react-query';
import { fetchQuote } from '../../../api/payments';

/** "Apply" on the coupon field: the server checks the code and answers the discounted price. */
export function useCouponQuote() {
  return useMutation({ mutationFn: (code: string) => fetchQuote(code.trim()) });
}
