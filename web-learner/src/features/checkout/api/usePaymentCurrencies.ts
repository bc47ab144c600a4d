import { useQuery } from '@tanstack/react-query';
import { paymentCurrenciesQuery } from '../../../api/queries';

/** The currencies the processor accepts; on failure the page offers its built-in list at once instead of retrying. */
export function usePaymentCurrencies() {
  return useQuery({ ...paymentCurrenciesQuery, retry: false });
}
