import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { createPayment, fetchCurrencies } from '../../api/payments';
import { publicConfigQuery } from '../../api/queries';
import { OFFER } from '../../app/offer';
import { CHECKOUT_KEYS } from '../../auth/session';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { NetworkSelect } from './NetworkSelect';
import { canPay, checkoutProblem, FALLBACK_CURRENCIES, INVALID_EMAIL_MESSAGE, PAYMENT_FAILED_MESSAGE, SELECT_BOTH_MESSAGE } from './networks';
import { Icon } from '../../components/Icon';

export function PaymentPage() {
  const [params] = useSearchParams();
  const emailId = useId();
  // Back from an unfinished checkout: keep its email (userEmail is shared with the session, so only then).
  const [email, setEmail] = useState(() => (localStorage.getItem(CHECKOUT_KEYS.paymentId) ? (localStorage.getItem(CHECKOUT_KEYS.email) ?? '') : ''));
  const [selection, setSelection] = useState({ currency: '', network: '' });
  const [touched, setTouched] = useState({ email: false, selection: false });

  const currencies = useQuery({ queryKey: ['payment-currencies'], queryFn: fetchCurrencies, retry: false, staleTime: 10 * 60_000 });
  const config = useQuery({ ...publicConfigQuery, retry: false });
  const currencyList = currencies.isError ? FALLBACK_CURRENCIES : (currencies.data ?? []);

  const pay = useMutation({
    mutationFn: async () => {
      const answer = await createPayment({
        amount: OFFER.price,
        currency: selection.currency,
        blockchain: selection.network,
        clientId: `user_${Date.now()}`,
        email: email.trim(),
      });
      if (!answer.success || !answer.paymentUrl) throw new Error(answer.message ?? PAYMENT_FAILED_MESSAGE);
      return answer;
    },
    onSuccess: (answer) => {
      localStorage.setItem(CHECKOUT_KEYS.email, email.trim());
      localStorage.setItem(CHECKOUT_KEYS.paymentId, answer.paymentId);
      localStorage.setItem(CHECKOUT_KEYS.amount, String(OFFER.price));
      localStorage.setItem(CHECKOUT_KEYS.currency, selection.currency);
      window.location.assign(answer.paymentUrl);
    },
  });
  // After a successful answer the page is being replaced by the processor's: keep the button busy.
  const processing = pay.isPending || pay.isSuccess;
  const form = { email, ...selection };

  const selectionMessage = touched.selection && (!selection.currency || !selection.network) ? SELECT_BOTH_MESSAGE : null;
  const emailMessage = touched.email && email.trim() !== '' && !email.includes('@') ? INVALID_EMAIL_MESSAGE : null;
  const serverDetail = pay.error instanceof ApiError && pay.error.status < 500 ? pay.error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, selection: true });
    if (checkoutProblem(form) || processing) return;
    pay.mutate();
  };

  return (
    <div className="min-h-screen px-4 py-8">
      <header className="mx-auto flex max-w-lg items-center justify-between">
        <Logo />
        <Link to="/" className="btn-ghost px-4">
          <span aria-hidden="true">←</span> Back
        </Link>
      </header>
      <main className="mx-auto mt-8 max-w-lg">
        {params.get('cancelled') && (
          <p role="status" className="mb-5 rounded-xl border border-gold-500/40 bg-gold-500/10 p-4 text-sm text-gold-200">
            Your previous payment was not completed. You can try again below.
          </p>
        )}
        <form onSubmit={submit} noValidate className="card p-6 sm:p-8" aria-labelledby="checkout-title">
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-emerald-300 uppercase">
            <Icon name="lock" className="h-3.5 w-3.5" /> Secured Checkout
          </p>
          <h1 id="checkout-title" className="mt-4 text-3xl font-bold text-white">
            Lifetime Access
          </h1>
          <p className="mt-3 flex items-baseline gap-3">
            <span className="text-4xl font-black text-white">${OFFER.price}</span>
            <del className="text-lg text-slate-400">${OFFER.compareAt}</del>
            <span className="text-sm font-medium text-gold-300">one-time</span>
          </p>
          <p className="mt-1 text-sm text-slate-400">{OFFER.guaranteeDays}-day money-back guarantee</p>

          <div className="mt-8 space-y-5">
            <div>
              <label htmlFor={emailId} className="label">
                Email address
              </label>
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                className="field"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => setTouched((t) => ({ ...t, email: true }))}
                aria-invalid={emailMessage ? true : undefined}
                aria-describedby={emailMessage ? `${emailId}-error` : undefined}
              />
              {emailMessage && (
                <p id={`${emailId}-error`} className="error-text mt-1.5">
                  {emailMessage}
                </p>
              )}
            </div>
            <NetworkSelect
              currencies={currencyList}
              currenciesLoading={currencies.isPending}
              offered={config.data?.currencies}
              value={selection}
              onChange={setSelection}
              onBlur={() => setTouched((t) => ({ ...t, selection: true }))}
              message={selectionMessage}
            />
          </div>

          {pay.isError && (
            <div role="alert" className="mt-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
              <p>{PAYMENT_FAILED_MESSAGE}</p>
              {serverDetail && serverDetail !== PAYMENT_FAILED_MESSAGE && <p className="mt-1 text-rose-300">{serverDetail}</p>}
            </div>
          )}

          <button type="submit" className="btn-gold mt-8 w-full py-3.5 text-base" disabled={!canPay(form, processing)}>
            {processing ? (
              <>
                <Spinner /> Processing...
              </>
            ) : (
              'Pay Now'
            )}
          </button>
          <p className="mt-4 text-center text-xs text-slate-400">Powered by a secure crypto payment processor</p>
        </form>
      </main>
    </div>
  );
}
