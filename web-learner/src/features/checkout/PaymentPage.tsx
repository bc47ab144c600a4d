import { useId, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePublicConfig } from '../../api/hooks/usePublicConfig';
import { OFFER } from '../../app/offer';
import { CHECKOUT_KEYS, useSession } from '../../auth/session';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { useEarlyInput } from '../../components/useEarlyInput';
import { BillingDetailsFields } from './BillingDetailsFields';
import { NetworkSelect } from './NetworkSelect';
import { canPay, checkoutProblem, FALLBACK_CURRENCIES, PAYMENT_FAILED_MESSAGE } from './networks';
import { formatMoney } from '../../i18n/format';
import type { PaymentMethod, PriceQuote } from '../../api/types';
import { Icon } from '../../components/Icon';
import { SupportContact } from '../../components/SupportContact';
import { useCurrentUser } from '../../api/hooks/useCurrentUser';
import { useCouponQuote } from './api/useCouponQuote';
import { NO_BILLING_DETAILS, useCreatePayment } from './api/useCreatePayment';
import { usePaymentCurrencies } from './api/usePaymentCurrencies';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/english/auth';
import '../../i18n/english/checkout';

const subscribeToNothing = () => () => undefined;

/** "Have a coupon?": the code is checked by the server, which shows the discounted price (and applies it again at payment). */
function CouponField({ quote, onQuote }: { quote: PriceQuote | null; onQuote: (quote: PriceQuote | null) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const quoting = useCouponQuote();
  const [error, setError] = useState<string | null>(null);
  const { t, language } = useTranslation();
  if (!open && !quote) {
    return (
      <button type="button" className="text-sm font-medium text-gold-300 underline underline-offset-2" onClick={() => setOpen(true)}>
        {t('checkout.coupon.ask')}
      </button>
    );
  }
  const apply = () => {
    if (!code.trim()) return;
    setError(null);
    quoting.mutate(code, {
      onSuccess: onQuote,
      onError: (err) => {
        onQuote(null);
        setError(err instanceof ApiError ? (err.errors.couponCode ?? err.message) : t('checkout.coupon.failed'));
      },
    });
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {t('checkout.coupon.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className="field"
          value={code}
          autoComplete="off"
          onChange={(e) => {
            setCode(e.target.value);
            if (quote) onQuote(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="button" className="btn-ghost px-4" onClick={apply} disabled={quoting.isPending || !code.trim()}>
          {t('checkout.coupon.apply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="error-text mt-1.5">
          {error}
        </p>
      )}
      {quote?.couponCode && (
        <p className="mt-1.5 text-sm text-emerald-300" data-testid="coupon-applied">
          {t('checkout.coupon.applied', { code: quote.couponCode, discount: formatMoney(quote.discount, quote.currency, language) })}
        </p>
      )}
    </div>
  );
}

/** The email of a checkout this browser started and did not finish ('' when none); read after hydration, as the prerendered page has none. */
function readUnfinishedCheckoutEmail(): string {
  return localStorage.getItem(CHECKOUT_KEYS.paymentId) ? (localStorage.getItem(CHECKOUT_KEYS.email) ?? '') : '';
}

/** The payment method of that unfinished checkout ('' when none): back from a failed card payment, card stays chosen. */
function readUnfinishedCheckoutMethod(): string {
  return localStorage.getItem(CHECKOUT_KEYS.paymentId) ? (localStorage.getItem(CHECKOUT_KEYS.method) ?? '') : '';
}

/** "You already own lifetime access", with the way to the courses (or to sign in) instead of a payment. */
function AlreadyOwned({ detail, signedIn }: { detail: string | null; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-6 rounded-xl border border-gold-500/40 bg-gold-500/10 p-4 text-sm text-gold-100" data-testid="already-owned">
      <p className="font-semibold">{t('checkout.owned')}</p>
      {detail && <p className="mt-1">{detail}</p>}
      <Link to={signedIn ? '/dashboard/courses' : '/login'} className="btn-gold mt-3">
        {signedIn ? t('checkout.myCourses') : t('auth.login.submit')}
      </Link>
    </div>
  );
}

export function PaymentPage() {
  const [params] = useSearchParams();
  const emailId = useId();
  // Back from an unfinished checkout: keep its email (userEmail is shared with the session, so only then).
  const savedEmail = useSyncExternalStore(subscribeToNothing, readUnfinishedCheckoutEmail, () => '');
  const [typedEmail, setEmail] = useState<string | null>(null);
  // A signed-in learner buys for their own account: the email is theirs, and locked.
  const session = useSession();
  const me = useCurrentUser({ enabled: session !== null, retry: false });
  const accountEmail = me.data?.email ?? null;
  const email = accountEmail ?? typedEmail ?? savedEmail;
  // Typed into the prerendered page before its script ran.
  useEarlyInput(emailId, email, setEmail);
  const [selection, setSelection] = useState({ currency: '', network: '' });
  const [touched, setTouched] = useState({ email: false, selection: false });
  const { t, language } = useTranslation();

  const currencies = usePaymentCurrencies();
  const config = usePublicConfig();
  const methods: PaymentMethod[] = config.data?.paymentMethods ?? ['crypto'];
  const savedMethod = useSyncExternalStore(subscribeToNothing, readUnfinishedCheckoutMethod, () => '');
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const wanted = chosenMethod ?? (savedMethod as PaymentMethod);
  const method = methods.includes(wanted) ? wanted : 'crypto';
  // A signed-in learner with lifetime access has nothing to buy: said on arrival, not after Pay Now.
  const ownsAccess = me.data !== undefined && me.data.role !== 'admin' && me.data.hasAccess;
  const [quote, setQuote] = useState<PriceQuote | null>(null);
  const [billing, setBilling] = useState(NO_BILLING_DETAILS);
  const price = config.data?.price ?? { amount: String(OFFER.price), compareAt: String(OFFER.compareAt), currency: 'USD' };
  const currencyList = currencies.isError ? FALLBACK_CURRENCIES : (currencies.data ?? []);

  const pay = useCreatePayment();
  // After a successful answer the page is being replaced by the processor's: keep the button busy.
  const processing = pay.isPending || pay.isSuccess;
  const form = { email, ...selection, method };

  const selectionMessage = method === 'crypto' && touched.selection && (!selection.currency || !selection.network) ? t('checkout.selectBoth') : null;
  const emailMessage = touched.email && email.trim() !== '' && !email.includes('@') ? t('checkout.invalidEmail') : null;
  const alreadyOwned = !ownsAccess && pay.error instanceof ApiError && pay.error.code === 'ALREADY_OWNED';
  const serverDetail = pay.error instanceof ApiError && pay.error.status < 500 ? pay.error.message : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, selection: true });
    if (checkoutProblem(form) || processing || ownsAccess) return;
    pay.mutate(
      { ...form, couponCode: quote?.couponCode ?? undefined, price: Number(price.amount), billing },
      { onSuccess: (answer) => window.location.assign(answer.paymentUrl) },
    );
  };

  return (
    <div className="min-h-screen px-4 py-8">
      <header className="mx-auto flex max-w-lg items-center justify-between">
        <Logo />
        <Link to="/" className="btn-ghost px-4">
          <span aria-hidden="true">←</span> {t('checkout.back')}
        </Link>
      </header>
      <main className="mx-auto mt-8 max-w-lg">
        {params.get('cancelled') && (
          <div role="status" className="mb-5 rounded-xl border border-gold-500/40 bg-gold-500/10 p-4 text-sm text-gold-200">
            <p>{t('checkout.cancelled')}</p>
            <SupportContact className="mt-1" />
          </div>
        )}
        <form onSubmit={submit} noValidate className="card p-6 sm:p-8" aria-labelledby="checkout-title">
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-500/10 px-3 py-1 text-xs font-semibold tracking-wide text-emerald-300 uppercase">
            <Icon name="lock" className="h-3.5 w-3.5" /> {t('checkout.secured')}
          </p>
          <h1 id="checkout-title" className="mt-4 text-3xl font-bold text-white">
            {t('checkout.title')}
          </h1>
          <p className="mt-3 flex items-baseline gap-3">
            {quote?.couponCode ? (
              <>
                <span className="text-4xl font-black text-white" data-testid="price">
                  {formatMoney(quote.amount, quote.currency, language)}
                </span>
                <del className="text-lg text-slate-400">{formatMoney(quote.listAmount, quote.currency, language)}</del>
              </>
            ) : (
              <>
                <span className="text-4xl font-black text-white" data-testid="price">
                  {formatMoney(price.amount, price.currency, language)}
                </span>
                <del className="text-lg text-slate-400">{formatMoney(price.compareAt, price.currency, language)}</del>
              </>
            )}
            <span className="text-sm font-medium text-gold-300">{t('checkout.oneTime')}</span>
          </p>
          <p className="mt-1 text-sm text-slate-400">{t('checkout.guarantee', { days: OFFER.guaranteeDays })}</p>
          {ownsAccess && <AlreadyOwned detail={t('checkout.ownedSignedIn')} signedIn />}

          <div className="mt-8 space-y-5">
            <div>
              <label htmlFor={emailId} className="label">
                {t('auth.email')}
              </label>
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                className="field"
                placeholder="you@example.com"
                value={email}
                readOnly={accountEmail !== null}
                aria-readonly={accountEmail !== null || undefined}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => setTouched((was) => ({ ...was, email: true }))}
                aria-invalid={emailMessage ? true : undefined}
                aria-describedby={emailMessage ? `${emailId}-error` : undefined}
              />
              {emailMessage && (
                <p id={`${emailId}-error`} className="error-text mt-1.5">
                  {emailMessage}
                </p>
              )}
              {accountEmail && <p className="mt-1.5 text-xs text-slate-400">{t('checkout.signedIn')}</p>}
            </div>
            {methods.length > 1 && (
              <fieldset>
                <legend className="label">{t('checkout.method')}</legend>
                <div className="grid grid-cols-3 gap-2" role="radiogroup">
                  {methods.map((m) => (
                    <label
                      key={m}
                      className={`flex cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-semibold ${
                        method === m ? 'border-gold-400 bg-gold-500/10 text-white' : 'border-slate-700 text-slate-300'
                      }`}
                    >
                      <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} className="accent-amber-400" />
                      {t(`checkout.methods.${m}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {method === 'crypto' && (
              <NetworkSelect
                currencies={currencyList}
                currenciesLoading={currencies.isPending}
                offered={config.data?.currencies}
                value={selection}
                onChange={setSelection}
                onBlur={() => setTouched((was) => ({ ...was, selection: true }))}
                message={selectionMessage}
              />
            )}
            <CouponField quote={quote} onQuote={setQuote} />
            <BillingDetailsFields value={billing} onChange={setBilling} errors={pay.error instanceof ApiError ? pay.error.errors : {}} />
          </div>

          {alreadyOwned ? (
            <AlreadyOwned detail={serverDetail} signedIn={session !== null} />
          ) : (
            pay.isError && (
              <>
                <div role="alert" className="mt-6 rounded-xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-200">
                  <p>{t('checkout.failed')}</p>
                  {serverDetail && serverDetail !== PAYMENT_FAILED_MESSAGE && <p className="mt-1 text-rose-300">{serverDetail}</p>}
                </div>
                <SupportContact className="mt-2 text-sm text-slate-300" />
              </>
            )
          )}

          <button type="submit" className="btn-gold mt-8 w-full py-3.5 text-base" disabled={ownsAccess || !canPay(form, processing)}>
            {processing ? (
              <>
                <Spinner /> {t('checkout.processing')}
              </>
            ) : (
              t('checkout.pay')
            )}
          </button>
          <p className="mt-4 text-center text-xs text-slate-400">{t(`checkout.poweredBy.${method}`)}</p>
        </form>
      </main>
    </div>
  );
}
